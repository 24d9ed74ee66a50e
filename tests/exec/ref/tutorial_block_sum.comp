#version 450
// Reference for tutorial_block_sum.luma: the same reduction in GLSL.
layout(local_size_x = 256) in;
layout(set = 0, binding = 0, std430) readonly buffer In { float inputv[]; };
layout(set = 0, binding = 1, std430) buffer Sums { float sums[]; };
shared float partial[256];
void main() {
    int i = int(gl_LocalInvocationIndex);
    uint g = gl_GlobalInvocationID.x;
    partial[i] = int(g) < inputv.length() ? inputv[g] : 0.0;
    barrier();
    for (int step = 7; step >= 0; step--) {
        int half_width = 1 << step;
        if (i < half_width) partial[i] += partial[i + half_width];
        barrier();
    }
    if (i == 0) sums[gl_WorkGroupID.x] = partial[0];
}
