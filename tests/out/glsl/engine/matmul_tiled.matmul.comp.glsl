#version 450

layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform dims_block {
    uint m;
    uint n;
    uint k;
} dims;
layout(set = 0, binding = 1, std430) readonly buffer a_block {
    float a[];
};
layout(set = 0, binding = 2, std430) readonly buffer b_block {
    float b[];
};
layout(set = 0, binding = 3, std430) buffer c_block {
    float c[];
};
shared float tile_a[16][16];
shared float tile_b[16][16];

void main() {
    uint row = gl_WorkGroupID.y * 16u + gl_LocalInvocationID.y;
    uint col = gl_WorkGroupID.x * 16u + gl_LocalInvocationID.x;
    int steps = int((dims.k + 16u - 1u) / 16u);
    int t = steps - 1;
    int t_1 = 0;
    uint v = uint(t) - 0u;
    bool v_1 = 0 <= t;
    uint v_2 = 0u;
    float acc = 0.0;
    float acc_1;
    while (true) {
        if (!(v_2 < 4096u)) {
            acc_1 = acc;
            break;
        }
        if (!v_1) {
            acc_1 = acc;
            break;
        }
        uint a_col = uint(t_1) * 16u + gl_LocalInvocationID.x;
        uint b_row = uint(t_1) * 16u + gl_LocalInvocationID.y;
        float v_3 = 0.0;
        if (row < dims.m && a_col < dims.k) {
            float t_2 = a[min(row * dims.k + a_col, uint(a.length()) - 1u)];
            v_3 = t_2;
        }
        tile_a[min(gl_LocalInvocationID.y, 15u)][min(gl_LocalInvocationID.x, 15u)] = v_3;
        float v_4 = 0.0;
        if (b_row < dims.k && col < dims.n) {
            float t_3 = b[min(b_row * dims.n + col, uint(b.length()) - 1u)];
            v_4 = t_3;
        }
        tile_b[min(gl_LocalInvocationID.y, 15u)][min(gl_LocalInvocationID.x, 15u)] = v_4;
        memoryBarrierShared();
        barrier();
        int i = 0;
        uint v_5 = 15u;
        bool v_6 = true;
        float acc_2 = acc;
        float acc_3;
        while (true) {
            if (!v_6) {
                acc_3 = acc_2;
                break;
            }
            float t_4 = tile_a[min(gl_LocalInvocationID.y, 15u)][min(uint(i), 15u)];
            float t_5 = tile_b[min(uint(i), 15u)][min(gl_LocalInvocationID.x, 15u)];
            float acc_4 = acc_2 + t_4 * t_5;
            bool next_v = v_5 != 0u;
            i = i + 1;
            v_5 = v_5 - 1u;
            v_6 = next_v;
            acc_2 = acc_4;
        }
        memoryBarrierShared();
        barrier();
        bool next_v_1 = v != 0u;
        t_1 = t_1 + 1;
        v = v - 1u;
        v_1 = next_v_1;
        v_2 = v_2 + 1u;
        acc = acc_3;
    }
    if (row < dims.m && col < dims.n) {
        c[min(row * dims.n + col, uint(c.length()) - 1u)] = acc_1;
    }
}
