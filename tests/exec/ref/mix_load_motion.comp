#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer B0 { int n; float v[4]; } c;
layout(set = 0, binding = 1, std430) buffer B1 { float o[]; };
layout(set = 0, binding = 2, r32f) uniform image2D img;
shared float sh[2];
float bump() { c.v[0] += 1.0; sh[0] = 50.0; imageStore(img, ivec2(0), vec4(7.0)); atomicAdd(c.n, 5); return 0.5; }
void main() {
    sh[0] = 20.0;
    float a = c.v[0]; float s = sh[0]; float t = imageLoad(img, ivec2(0)).x; int n = atomicAdd(c.n, 0);
    float b = bump();
    o[0] = a + b; o[1] = s; o[2] = t; o[3] = float(n);
    float b4 = bump(); o[4] = b4 + c.v[0];
    float a5 = c.v[0]; o[5] = a5 + bump();
    float m = c.v[0]; c.v[0] = 0.0; int k = atomicExchange(c.n, 100);
    o[6] = m + float(k) + float(atomicAdd(c.n, 0));
    float old1 = c.v[1]; c.v[1] = 9.0; o[7] = old1;
}
