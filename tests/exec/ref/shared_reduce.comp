#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int input_[]; };
layout(set = 0, binding = 1, std430) buffer B1 { int sums[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int maxima[]; };
shared int partial_sum[64];
shared int partial_max[64];
void main() {
    uint lane = gl_LocalInvocationIndex, g = gl_WorkGroupID.x;
    int v = input_[g * 64u + lane];
    partial_sum[lane] = v; partial_max[lane] = v;
    barrier();
    for (uint stride = 32u; stride > 0u; stride /= 2u) {
        if (lane < stride) {
            partial_sum[lane] += partial_sum[lane + stride];
            partial_max[lane] = max(partial_max[lane], partial_max[lane + stride]);
        }
        barrier();
    }
    if (lane == 0u) { sums[g] = partial_sum[0]; maxima[g] = partial_max[0]; }
}
