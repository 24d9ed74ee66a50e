#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int keys[]; };
layout(set = 0, binding = 1, std430) buffer B1 { int o[]; };
void main() {
    int i = int(gl_GlobalInvocationID.x);
    int k = keys[i];
    if (k == 100) return;
    int a = -2, b = 0;
    if (k >= 0 && k < 150) { a = 3 * k + 1; if (k % 5 == 0) b = k; }
    int m = (k + 10) % 80;
    int c = m < 70 ? m * m - 5 : 99;
    o[3 * i] = a; o[3 * i + 1] = b; o[3 * i + 2] = c;
}
