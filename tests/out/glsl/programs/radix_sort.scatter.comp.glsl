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
layout(set = 0, binding = 1, std430) readonly buffer values_in_block {
    uint values_in[];
};
layout(set = 0, binding = 2, std430) buffer keys_out_block {
    uint keys_out[];
};
layout(set = 0, binding = 3, std430) buffer values_out_block {
    uint values_out[];
};
layout(set = 0, binding = 4, std430) buffer tile_counts_block {
    uint tile_counts[];
};
shared uint tile_digits[256];

uint digit_of(uint key) {
    uint k = sort.descending != 0u ? ~key : key;
    return (k >> (sort.shift & 31u)) & 15u;
}

void main() {
    uint index = gl_WorkGroupID.x * 256u + gl_LocalInvocationIndex;
    bool valid = index < sort.count;
    uint key = 0u;
    if (valid) {
        uint t = keys_in[min(index, uint(keys_in.length()) - 1u)];
        key = t;
    }
    uint digit = 16u;
    if (valid) {
        uint digit_of_1 = digit_of(key);
        digit = digit_of_1;
    }
    tile_digits[min(gl_LocalInvocationIndex, 255u)] = digit;
    memoryBarrierShared();
    barrier();
    if (!valid) {
        return;
    }
    int j = 0;
    uint v = 255u;
    bool v_1 = true;
    uint rank = 0u;
    uint rank_1;
    while (true) {
        if (!v_1) {
            rank_1 = rank;
            break;
        }
        if (uint(j) >= gl_LocalInvocationIndex) {
            rank_1 = rank;
            break;
        }
        uint t_1 = tile_digits[min(uint(j), 255u)];
        uint rank_2 = rank;
        if (t_1 == digit) {
            rank_2 = rank + 1u;
        }
        bool next_v = v != 0u;
        j = j + 1;
        v = v - 1u;
        v_1 = next_v;
        rank = rank_2;
    }
    uint t_2 = tile_counts[min(digit * sort.tile_count + gl_WorkGroupID.x, uint(tile_counts.length()) - 1u)];
    uint destination = t_2 + rank_1;
    keys_out[min(destination, uint(keys_out.length()) - 1u)] = key;
    uint t_3 = values_in[min(index, uint(values_in.length()) - 1u)];
    values_out[min(destination, uint(values_out.length()) - 1u)] = t_3;
}
