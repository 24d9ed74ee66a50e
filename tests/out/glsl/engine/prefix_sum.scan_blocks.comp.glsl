#version 450

layout(local_size_x = 256, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer data_block {
    uint data[];
};
layout(set = 0, binding = 1, std430) buffer block_sums_block {
    uint block_sums[];
};
shared uint temp[512];

void main() {
    uint t = gl_LocalInvocationID.x;
    uint base = gl_WorkGroupID.x * 512u;
    uint t_1 = uint(data.length());
    uint count = uint(int(t_1));
    uint bi = t + 256u;
    uint a_in = 0u;
    if (base + t < count) {
        uint t_2 = data[min(base + t, uint(data.length()) - 1u)];
        a_in = t_2;
    }
    uint b_in = 0u;
    if (base + bi < count) {
        uint t_3 = data[min(base + bi, uint(data.length()) - 1u)];
        b_in = t_3;
    }
    temp[min(t, 511u)] = a_in;
    temp[min(bi, 511u)] = b_in;
    int level = 0;
    uint v = 8u;
    bool v_1 = true;
    while (true) {
        if (!v_1) {
            break;
        }
        memoryBarrierShared();
        barrier();
        uint stride = 1u << (uint(level) & 31u);
        uint active_ = 512u >> (uint(level + 1) & 31u);
        if (t < active_) {
            uint left = stride * (2u * t + 1u) - 1u;
            uint right = stride * (2u * t + 2u) - 1u;
            uint t_4 = temp[min(left, 511u)];
            uint t_5 = temp[min(right, 511u)];
            temp[min(right, 511u)] = t_5 + t_4;
        }
        bool next_v = v != 0u;
        level = level + 1;
        v = v - 1u;
        v_1 = next_v;
    }
    memoryBarrierShared();
    barrier();
    if (t == 0u) {
        uint t_6 = temp[511u];
        block_sums[min(gl_WorkGroupID.x, uint(block_sums.length()) - 1u)] = t_6;
        temp[511u] = 0u;
    }
    int level_1 = 8;
    uint v_2 = 8u;
    bool v_3 = true;
    while (true) {
        if (!v_3) {
            break;
        }
        memoryBarrierShared();
        barrier();
        uint stride_1 = 1u << (uint(level_1) & 31u);
        uint active_1 = 512u >> (uint(level_1 + 1) & 31u);
        if (t < active_1) {
            uint left_1 = stride_1 * (2u * t + 1u) - 1u;
            uint right_1 = stride_1 * (2u * t + 2u) - 1u;
            uint carried = temp[min(left_1, 511u)];
            uint t_7 = temp[min(right_1, 511u)];
            temp[min(left_1, 511u)] = t_7;
            uint t_8 = temp[min(right_1, 511u)];
            temp[min(right_1, 511u)] = t_8 + carried;
        }
        bool next_v_1 = v_2 != 0u;
        level_1 = level_1 + -1;
        v_2 = v_2 - 1u;
        v_3 = next_v_1;
    }
    memoryBarrierShared();
    barrier();
    if (base + t < count) {
        uint t_9 = temp[min(t, 511u)];
        data[min(base + t, uint(data.length()) - 1u)] = t_9 + a_in;
    }
    if (base + bi < count) {
        uint t_10 = temp[min(bi, 511u)];
        data[min(base + bi, uint(data.length()) - 1u)] = t_10 + b_in;
    }
}
