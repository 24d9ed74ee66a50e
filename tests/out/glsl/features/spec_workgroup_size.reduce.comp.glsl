#version 450

layout(local_size_x = 64, local_size_x_id = 0, local_size_y = 1, local_size_y_id = 1, local_size_z = 1) in;

layout(constant_id = 0) const uint GROUP = 64u;
layout(constant_id = 1) const int ROWS = 1;

layout(set = 0, binding = 0, std430) readonly buffer values_block {
    float values[];
};
layout(set = 0, binding = 1, std430) buffer partial_sums_block {
    float partial_sums[];
};
shared float scratch[1024];

void main() {
    uint size = GROUP * uint(ROWS);
    uint index = gl_WorkGroupID.x * size + gl_LocalInvocationIndex;
    uint t = uint(values.length());
    float v = 0.0;
    if (index < uint(int(t))) {
        float t_1 = values[min(index, uint(values.length()) - 1u)];
        v = t_1;
    }
    scratch[min(gl_LocalInvocationIndex, 1023u)] = v;
    memoryBarrierShared();
    barrier();
    uint v_1 = 0u;
    uint active_ = size;
    while (true) {
        if (!(v_1 < 10u)) {
            break;
        }
        if (!(active_ > 1u)) {
            break;
        }
        uint half_up = (active_ + 1u) / 2u;
        if (gl_LocalInvocationIndex < active_ / 2u) {
            float t_2 = scratch[min(gl_LocalInvocationIndex, 1023u)];
            float t_3 = scratch[min(gl_LocalInvocationIndex + half_up, 1023u)];
            scratch[min(gl_LocalInvocationIndex, 1023u)] = t_2 + t_3;
        }
        memoryBarrierShared();
        barrier();
        v_1 = v_1 + 1u;
        active_ = half_up;
    }
    if (gl_LocalInvocationIndex == 0u) {
        float t_4 = scratch[0u];
        partial_sums[min(gl_WorkGroupID.x, uint(partial_sums.length()) - 1u)] = t_4;
    }
}
