#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { ivec4 a; ivec4 d; uvec2 u; uvec2 ud; int zero; uint uzero; } inputs;
layout(set = 0, binding = 1, std430) buffer B1 { int out_int[]; };
layout(set = 0, binding = 2, std430) buffer B2 { uint out_uint[]; };
int ldiv(int a, int b) { return b == 0 ? a : (a == -2147483647 - 1 && b == -1) ? a : a / b; }
int lrem(int a, int b) { return (b == 0 || (a == -2147483647 - 1 && b == -1)) ? 0 : a - (a / b) * b; }
uint udiv(uint a, uint b) { return b == 0u ? a : a / b; }
uint urem(uint a, uint b) { return b == 0u ? 0u : a % b; }
void main() {
    ivec4 a = inputs.a; int z = inputs.zero;
    for (int i = 0; i < 4; i++) { out_int[i] = ldiv(a[i], z); out_int[4 + i] = lrem(a[i], z); }
    for (int i = 0; i < 4; i++) { out_int[8 + i] = ldiv(a[i], inputs.d[i]); out_int[12 + i] = lrem(a[i], inputs.d[i]); }
    int c = a.y; c = ldiv(c, z); out_int[16] = c; c = lrem(c, z); out_int[17] = c;
    uint uz = inputs.uzero;
    out_uint[0] = udiv(inputs.u.x, uz); out_uint[1] = udiv(inputs.u.y, uz);
    out_uint[2] = urem(inputs.u.x, uz); out_uint[3] = urem(inputs.u.y, uz);
    out_uint[4] = udiv(inputs.u.x, inputs.ud.x); out_uint[5] = udiv(inputs.u.y, inputs.ud.y);
    out_uint[6] = urem(inputs.u.x, inputs.ud.x); out_uint[7] = urem(inputs.u.y, inputs.ud.y);
}
