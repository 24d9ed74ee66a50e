#version 450
layout(local_size_x = 1) in;
layout(constant_id = 0) const int N = 4;
layout(constant_id = 1) const uint U = 0u;
layout(constant_id = 2) const int M = 0;
const float TABLE[4] = float[4](10.0, 20.0, 30.0, 40.0);
shared float sh[4];
layout(set = 0, binding = 0, std430) readonly buffer B0 { float inp[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float outv[]; };
void main() {
    for (int i = 0; i < 4; i++) sh[i] = float(i) * 5.0;
    barrier();
    float a[4] = float[4](inp[3], inp[2], inp[1], inp[0]);
    vec4 v = vec4(inp[0], inp[1], inp[2], inp[3]);
    mat2 m = mat2(v.zw, v.xy);
    // Luma clamps each index as an unsigned number into the array.
    outv[0] = a[min(uint(N), 3u)];
    outv[1] = TABLE[min(uint(N - 2), 3u)];
    outv[2] = v[min(uint(N), 3u)];
    outv[3] = m[min(U, 1u)].y;
    outv[4] = sh[min(U, 3u)];
    outv[5] = a[min(uint(M), 3u)];
    outv[6] = TABLE[min(U, 3u)];
    a[min(uint(N), 3u)] = 9.0;
    outv[7] = a[3];
    a[min(uint(M), 3u)] = 7.0;
    outv[8] = a[3] + a[2];
}
