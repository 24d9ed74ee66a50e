#version 450

layout(local_size_x = 256, local_size_y = 1, local_size_z = 1) in;

struct Pair {
    float key;
    uint value;
};

layout(push_constant, std430) uniform step_params_block {
    uint count;
    uint k;
    uint j;
    uint ascending;
} step_params;
layout(set = 0, binding = 0, std430) buffer pairs_block {
    Pair pairs[];
};
shared float block_keys[512];
shared uint block_values[512];

bool in_order(float a, float b, bool ascending) {
    return ascending ? a <= b : a >= b;
}

void compare_exchange_shared(uint i, uint partner, bool ascending) {
    float a = block_keys[min(i, 511u)];
    float b = block_keys[min(partner, 511u)];
    bool in_order_1 = in_order(a, b, ascending);
    if (!in_order_1) {
        block_keys[min(i, 511u)] = b;
        block_keys[min(partner, 511u)] = a;
        uint v = block_values[min(i, 511u)];
        uint t = block_values[min(partner, 511u)];
        block_values[min(i, 511u)] = t;
        block_values[min(partner, 511u)] = v;
    }
}

void main() {
    uint base = gl_WorkGroupID.x * 512u;
    int half_ = 0;
    uint v = 1u;
    bool v_1 = true;
    while (true) {
        if (!v_1) {
            break;
        }
        uint local_index = gl_LocalInvocationIndex + uint(half_) * 256u;
        uint global_index = base + local_index;
        bool inside = global_index < step_params.count;
        float v_2 = 3.4028235e38;
        if (inside) {
            float key = pairs[min(global_index, uint(pairs.length()) - 1u)].key;
            v_2 = key;
        }
        block_keys[min(local_index, 511u)] = v_2;
        uint v_3 = 4294967295u;
        if (inside) {
            uint value = pairs[min(global_index, uint(pairs.length()) - 1u)].value;
            v_3 = value;
        }
        block_values[min(local_index, 511u)] = v_3;
        bool next_v = v != 0u;
        half_ = half_ + 1;
        v = v - 1u;
        v_1 = next_v;
    }
    memoryBarrierShared();
    barrier();
    bool ascending_all = step_params.ascending != 0u;
    uint v_4 = 0u;
    uint k = 2u;
    while (true) {
        if (!(v_4 < 9u)) {
            break;
        }
        if (!(k <= 512u)) {
            break;
        }
        uint j = k >> 1u;
        uint v_5 = 0u;
        uint j_1 = j;
        while (true) {
            if (!(v_5 < 9u)) {
                break;
            }
            if (!(j_1 > 0u)) {
                break;
            }
            uint i = 2u * gl_LocalInvocationIndex - (gl_LocalInvocationIndex & (j_1 - 1u));
            uint partner = i + j_1;
            bool block_ascending = ((base + i) & k) == 0u;
            compare_exchange_shared(i, partner, block_ascending == ascending_all);
            memoryBarrierShared();
            barrier();
            uint j_2 = j_1 >> 1u;
            v_5 = v_5 + 1u;
            j_1 = j_2;
        }
        uint k_1 = k << 1u;
        v_4 = v_4 + 1u;
        k = k_1;
    }
    int half_1 = 0;
    uint v_6 = 1u;
    bool v_7 = true;
    while (true) {
        if (!v_7) {
            break;
        }
        uint local_index_1 = gl_LocalInvocationIndex + uint(half_1) * 256u;
        uint global_index_1 = base + local_index_1;
        if (global_index_1 < step_params.count) {
            float t = block_keys[min(local_index_1, 511u)];
            uint t_1 = block_values[min(local_index_1, 511u)];
            pairs[min(global_index_1, uint(pairs.length()) - 1u)] = Pair(t, t_1);
        }
        bool next_v_1 = v_6 != 0u;
        half_1 = half_1 + 1;
        v_6 = v_6 - 1u;
        v_7 = next_v_1;
    }
}
