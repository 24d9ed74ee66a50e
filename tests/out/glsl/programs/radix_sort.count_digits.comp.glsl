#version 450

layout(local_size_x = 256, local_size_y = 1, local_size_z = 1) in;

layout(push_constant, std430) uniform sort_block {
    uint count;
    uint shift;
    uint tile_count;
    uint descending;
} sort;
layout(set = 0, binding = 0, std430) readonly buffer keys_in_block {
    uint keys_in[];
};
layout(set = 0, binding = 4, std430) buffer tile_counts_block {
    uint tile_counts[];
};
shared uint digit_counts[16];

uint digit_of(uint key) {
    uint k = sort.descending != 0u ? ~key : key;
    return (k >> (sort.shift & 31u)) & 15u;
}

void main() {
    if (gl_LocalInvocationIndex < 16u) {
        atomicExchange(digit_counts[min(gl_LocalInvocationIndex, 15u)], 0u);
    }
    memoryBarrierShared();
    barrier();
    uint index = gl_WorkGroupID.x * 256u + gl_LocalInvocationIndex;
    if (index < sort.count) {
        uint t = keys_in[min(index, uint(keys_in.length()) - 1u)];
        uint digit_of_1 = digit_of(t);
        atomicAdd(digit_counts[min(digit_of_1, 15u)], 1u);
    }
    memoryBarrierShared();
    barrier();
    if (gl_LocalInvocationIndex < 16u) {
        uint t_1 = atomicAdd(digit_counts[min(gl_LocalInvocationIndex, 15u)], 0u);
        tile_counts[min(gl_LocalInvocationIndex * sort.tile_count + gl_WorkGroupID.x, uint(tile_counts.length()) - 1u)] = t_1;
    }
}
