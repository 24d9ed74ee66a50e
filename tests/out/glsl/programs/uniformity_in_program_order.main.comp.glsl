#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform params_block {
    uvec4 params;
};
layout(set = 0, binding = 1, std430) buffer data_block {
    float data[];
};
shared float tile[64];

void main() {
    memoryBarrierShared();
    barrier();
    tile[min(gl_LocalInvocationIndex, 63u)] = float(gl_LocalInvocationIndex);
    uint k = params.x;
    if (k > 1u) {
        memoryBarrierShared();
        barrier();
    }
    float sum = tile[min((gl_LocalInvocationIndex + 1u) % 64u, 63u)];
    uint n;
    if (params.y > 0u) {
        n = 2u;
    } else if (params.z > 0u) {
        n = 3u;
    } else {
        n = params.w;
    }
    uint i = 0u;
    uint v = n - 0u;
    bool v_1 = 0u <= n;
    uint v_2 = 0u;
    float sum_1 = sum;
    float sum_2;
    while (true) {
        if (!(v_2 < 64u)) {
            sum_2 = sum_1;
            break;
        }
        if (!v_1) {
            sum_2 = sum_1;
            break;
        }
        float sum_3 = sum_1 + float(gl_LocalInvocationIndex);
        if (i == 1u) {
            memoryBarrierBuffer();
            barrier();
        }
        bool next_v = v != 0u;
        i = i + 1u;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        sum_1 = sum_3;
    }
    data[min(gl_LocalInvocationIndex, uint(data.length()) - 1u)] = sum_2;
}
