#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer B0 { int o[]; };
void main() {
    o[0] = 36; // 2147483640, 643, 646
    o[1] = 123; // -2^31, -2^30, 0, 2^30 (i / 2^30 truncates: -2, -1, 0, 1)
    o[2] = 1234; // 0, 2^30, 2^31, 3 * 2^30
    o[3] = 12; // 2147483647, -1
    int e = 0; for (int i = 0; i <= 4000; i++) e += i; o[4] = e;
    o[5] = 100602; // 10, 6, 2
}
