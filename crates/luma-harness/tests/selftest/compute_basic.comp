#version 450
// Self-test: storage buffers in and out, several workgroups, gl_GlobalInvocationID.
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, std430) readonly buffer In { int a[]; } src;
layout(set = 0, binding = 1, std430) buffer Out { int b[]; } dst;
void main() {
    uint i = gl_GlobalInvocationID.x;
    dst.b[i] = src.a[i] * 2 + int(i);
}
