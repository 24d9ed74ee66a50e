#version 450

layout(location = 0) in float a;
layout(location = 1) in float b;
layout(location = 0) out float a_1;

void main() {
    if (uint(gl_SampleMaskIn[0]) == 0u) {
        a_1 = a;
        gl_SampleMask[0] = int(uint(gl_SampleMaskIn[0]));
        return;
    }
    a_1 = b;
    gl_SampleMask[0] = int(1u);
}
