#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int a; ivec3 b; uint ua; uvec3 ub; int m; ivec3 n; float f; vec3 g; } ins;
layout(set = 0, binding = 1, std430) buffer B1 { int out_i[24]; };
layout(set = 0, binding = 2, std430) buffer B2 { uint out_u[12]; };
layout(set = 0, binding = 3, std430) buffer B3 { float out_f[16]; };
int sdiv(int x, int y) { return y == 0 ? x : ((x == int(0x80000000u) && y == -1) ? x : x / y); }
int srem(int x, int y) { return (y == 0 || (x == int(0x80000000u) && y == -1)) ? 0 : x - (x / y) * y; }
uint udiv(uint x, uint y) { return y == 0u ? x : x / y; }
uint urem(uint x, uint y) { return y == 0u ? 0u : x % y; }
float frem(float x, float y) { return x - y * trunc(x / y); }
void main() {
    int a = ins.a; ivec3 bb = ins.b + ins.b;
    out_i[0] = sdiv(a, bb.x); out_i[1] = sdiv(a, bb.y); out_i[2] = sdiv(a, bb.z);
    out_i[3] = sdiv(bb.y, a); out_i[4] = sdiv(a, bb.x); out_i[5] = sdiv(a, bb.y);
    out_i[6] = sdiv(a, bb.x); out_i[7] = srem(a, bb.x); out_i[8] = srem(a, bb.y);
    out_i[9] = srem(a, bb.x); out_i[10] = srem(-a - 3, bb.y); out_i[11] = srem(7, bb.z);
    out_i[12] = sdiv(ins.m, ins.n.x); out_i[13] = sdiv(ins.m, ins.n.y); out_i[14] = sdiv(ins.m, ins.n.z);
    out_i[15] = srem(ins.m, ins.n.x); out_i[16] = srem(ins.m, ins.n.y); out_i[17] = srem(ins.m, ins.n.z);
    out_i[18] = sdiv(ins.m, ins.n.x) + 1; out_i[19] = srem(ins.m, ins.n.x);
    uint ua = ins.ua; uvec3 ubb = ins.ub + ins.ub;
    out_u[0] = udiv(ua, ubb.x); out_u[1] = udiv(ua, ubb.y); out_u[2] = udiv(ua, ubb.z);
    out_u[3] = udiv(ubb.y, ua); out_u[4] = urem(ua, ubb.x); out_u[5] = urem(ua, ubb.y);
    out_u[6] = urem(ua, ins.ub.x + ins.ub.z); out_u[7] = urem(ins.ub.x + 5u, ua);
    float f = ins.f; vec3 g = ins.g;
    out_f[0] = frem(f, g.x); out_f[1] = frem(f, g.y); out_f[2] = frem(f, g.z);
    out_f[3] = frem(g.x, f); out_f[4] = frem(-f, g.x); out_f[5] = frem(-f, g.y); out_f[6] = frem(-f, g.z);
}
