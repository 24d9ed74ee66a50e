#version 450

layout(local_size_x = 4, local_size_y = 4, local_size_z = 2) in;

struct Partial {
    vec4 sum;
    uint count;
};

layout(set = 0, binding = 0, std430) buffer output_block {
    uvec4 output_[];
};
layout(set = 0, binding = 1, std430) buffer partials_block {
    Partial partials[];
};
shared uint counter;
shared uint grid[4][4][2];
shared Partial partial;
shared bool flags[64];

void main() {
    grid[min(gl_LocalInvocationID.x, 3u)][min(gl_LocalInvocationID.y, 3u)][min(gl_LocalInvocationID.z, 1u)] = gl_LocalInvocationIndex;
    flags[min(gl_LocalInvocationIndex, 63u)] = (gl_LocalInvocationIndex & 1u) == 0u;
    if (gl_LocalInvocationIndex == 0u) {
        counter = 0u;
        partial = Partial(vec4(0.0), 0u);
    }
    memoryBarrierShared();
    barrier();
    uint neighbour = grid[min((gl_LocalInvocationID.x + 1u) % 4u, 3u)][min(gl_LocalInvocationID.y, 3u)][min(gl_LocalInvocationID.z, 1u)];
    bool even = flags[min(gl_LocalInvocationIndex, 63u)];
    if (gl_LocalInvocationIndex == 0u) {
        counter = gl_WorkGroupID.x + gl_WorkGroupID.y + gl_WorkGroupID.z;
        uint counter_1 = counter;
        partial.count = counter_1;
        partial.sum.x = float(neighbour);
    }
    memoryBarrierBuffer();
    barrier();
    memoryBarrierShared();
    barrier();
    uint counter_2 = counter;
    uint count = partial.count;
    output_[min(gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * 16u + gl_GlobalInvocationID.z * 256u, uint(output_.length()) - 1u)] = uvec4(neighbour, counter_2, count, uint(even));
    if (gl_LocalInvocationIndex == 0u) {
        Partial partial_1 = partial;
        partials[min(gl_WorkGroupID.x, uint(partials.length()) - 1u)] = partial_1;
    }
}
