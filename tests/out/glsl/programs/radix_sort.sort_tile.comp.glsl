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
shared uint tile_digits[256];
shared uint local_keys[256];
shared uint local_values[256];

void main() {
    bool valid = gl_LocalInvocationIndex < sort.count;
    uint v = 4294967295u;
    if (valid) {
        uint t = keys_in[min(gl_LocalInvocationIndex, uint(keys_in.length()) - 1u)];
        v = t;
    }
    local_keys[min(gl_LocalInvocationIndex, 255u)] = v;
    uint v_1 = 0u;
    if (valid) {
        uint t_1 = values_in[min(gl_LocalInvocationIndex, uint(values_in.length()) - 1u)];
        v_1 = t_1;
    }
    local_values[min(gl_LocalInvocationIndex, 255u)] = v_1;
    memoryBarrierShared();
    barrier();
    int pass = 0;
    uint v_2 = 7u;
    bool v_3 = true;
    while (true) {
        if (!v_3) {
            break;
        }
        uint shift = uint(pass * 4);
        uint key = local_keys[min(gl_LocalInvocationIndex, 255u)];
        uint value = local_values[min(gl_LocalInvocationIndex, 255u)];
        uint digit = (key >> (shift & 31u)) & 15u;
        tile_digits[min(gl_LocalInvocationIndex, 255u)] = digit;
        memoryBarrierShared();
        barrier();
        int j = 0;
        uint v_4 = 255u;
        bool v_5 = true;
        uint position = 0u;
        uint position_1;
        while (true) {
            if (!v_5) {
                position_1 = position;
                break;
            }
            uint other = tile_digits[min(uint(j), 255u)];
            uint position_2 = position;
            if (other < digit || (other == digit && uint(j) < gl_LocalInvocationIndex)) {
                position_2 = position + 1u;
            }
            bool next_v = v_4 != 0u;
            j = j + 1;
            v_4 = v_4 - 1u;
            v_5 = next_v;
            position = position_2;
        }
        memoryBarrierShared();
        barrier();
        local_keys[min(position_1, 255u)] = key;
        local_values[min(position_1, 255u)] = value;
        memoryBarrierShared();
        barrier();
        bool next_v_1 = v_2 != 0u;
        pass = pass + 1;
        v_2 = v_2 - 1u;
        v_3 = next_v_1;
    }
    if (valid) {
        uint t_2 = local_keys[min(gl_LocalInvocationIndex, 255u)];
        keys_out[min(gl_LocalInvocationIndex, uint(keys_out.length()) - 1u)] = t_2;
        uint t_3 = local_values[min(gl_LocalInvocationIndex, 255u)];
        values_out[min(gl_LocalInvocationIndex, uint(values_out.length()) - 1u)] = t_3;
    }
}
