#version 450
layout(local_size_x = 64, local_size_x_id = 0, local_size_y = 1, local_size_y_id = 1) in;
layout(constant_id = 0) const uint GROUP = 64u;
layout(constant_id = 1) const int ROWS = 1;
layout(set = 0, binding = 0, std430) buffer B0 { float values[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float partial_sums[]; };
shared float scratch[1024];
void main() {
    uint li = gl_LocalInvocationIndex;
    uint size = GROUP * uint(ROWS);
    uint index = gl_WorkGroupID.x * size + li;
    scratch[li] = index < uint(values.length()) ? values[index] : 0.0;
    barrier();
    uint live = size;
    while (live > 1u) {
        uint half_up = (live + 1u) / 2u;
        if (li < live / 2u) {
            scratch[li] = scratch[li] + scratch[li + half_up];
        }
        barrier();
        live = half_up;
    }
    if (li == 0u) {
        partial_sums[gl_WorkGroupID.x] = scratch[0];
    }
}
