#version 450
layout(local_size_x = 1) in;
layout(constant_id = 0) const int N = 3;
layout(constant_id = 1) const uint U = 5u;
layout(constant_id = 2) const float F = 0.5;
layout(constant_id = 3) const bool B = true;
struct P { vec4 a; int b; };
layout(set = 0, binding = 0, std430) buffer O { float outv[32]; };
layout(set = 0, binding = 1, std430) buffer OP { P outp[4]; };
const float LUT[4] = float[](1.0, 2.0, 3.0, 4.0);
// Luma clamps run-time indices as unsigned numbers
uint cl(int i, uint n) { return min(uint(i), n - 1u); }
float scaled(int n) { float r = float(n); if (n > 1) r = r * F; return r; }
void main() {
    vec2 acc = vec2(F);
    int k = N;
    while (k > 0) { acc += vec2(float(k), F); k -= 1; }
    outv[0] = acc.x + acc.y;
    P p = P(vec4(F, float(N), float(U), B ? 1.0 : 0.0), N * 2);
    p.a.y += 1.0;
    outp[0] = p;
    outv[1] = LUT[cl(N, 4u)];
    outv[2] = LUT[U % 4u];
    mat2 m = mat2(F, 0.0, 0.0, F);
    m[1] = vec2(float(N));
    outv[3] = m[0].x + m[1].y;
    vec3 v = B ? vec3(F) : vec3(-F);
    v.z = float(N / 2);
    outv[4] = v.x + v.z;
    float arr[3] = float[](F, F * 2.0, float(N));
    arr[1] = 7.0;
    outv[5] = arr[0] + arr[1] + arr[cl(N - 1, 3u)];
    uint s = 0u;
    for (uint i = U; i <= 1u; i++) s += i;
    for (int j = N; j >= 0; j--) s += uint(j);
    outv[6] = float(s);
    float c = 0.0;
    if (B) c = F; else if (N > 2) c = 2.0;
    outv[7] = c;
    ivec2 w = ivec2(N, -N);
    w.x = w.x << (U & 31u);
    outv[8] = float(w.x + w.y);
    outv[9] = scaled(N);
}
