#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int i[8]; uint u[4]; float f[8]; } ins;
layout(set = 0, binding = 1, std430) buffer B1 { int out_i[2][24]; };
layout(set = 0, binding = 2, std430) buffer B2 { float out_f[2][16]; };
// Luma's integer division and remainder: x / 0 == x, x % 0 == 0, MIN / -1 == MIN, MIN % -1 == 0.
int ldiv(int x, int y) { return (y == 0) ? x : ((x == int(0x80000000) && y == -1) ? x : x / y); }
int lrem(int x, int y) { return (y == 0 || (x == int(0x80000000) && y == -1)) ? 0 : x - (x / y) * y; }
void ints(int lane, int a, int b, int c, int d, int m, int z, uint u0, uint u1) {
    out_i[lane][0] = findMSB(a);
    out_i[lane][1] = findMSB(b);
    out_i[lane][2] = findMSB(m);
    out_i[lane][3] = findLSB(m);
    out_i[lane][4] = findLSB(z);
    out_i[lane][5] = bitCount(b);
    out_i[lane][6] = bitfieldReverse(d);
    out_i[lane][7] = m < 0 ? int(0u - uint(m)) : m;
    out_i[lane][8] = sign(c);
    out_i[lane][9] = d << (33 & 31);
    out_i[lane][10] = c >> (33 & 31);
    out_i[lane][11] = ldiv(m, b);
    out_i[lane][12] = lrem(m, b);
    out_i[lane][13] = ldiv(a, z);
    out_i[lane][14] = lrem(a, z);
    out_i[lane][15] = lrem(c, 2);
    out_i[lane][16] = ldiv(c, 2);
    out_i[lane][17] = min(max(a, 10), 0);
    out_i[lane][18] = int(findMSB(u0));
    out_i[lane][19] = int(findMSB(u1));
    out_i[lane][20] = int(u1 >> (35u & 31u));
    out_i[lane][21] = int(uint(m) * uint(b));
    out_i[lane][22] = int(uint(m) - uint(d));
    out_i[lane][23] = int(0u - uint(m));
}
void floats(int lane, float h, float x, float y, float e0, float e1, float t, float one, float zero) {
    out_f[lane][0] = roundEven(h);
    out_f[lane][1] = roundEven(-h + 1.0);
    out_f[lane][2] = roundEven(h + 1.0);
    out_f[lane][3] = x - y * trunc(x / y);
    out_f[lane][4] = x - y * floor(x / y);
    out_f[lane][5] = float(int(x + 4.8));
    float s = clamp((t - e0) / (e1 - e0), 0.0, 1.0);
    out_f[lane][6] = s * s * (3.0 - 2.0 * s);
    out_f[lane][7] = step(one, one);
    out_f[lane][8] = atan(zero, -one);
    out_f[lane][9] = fract(x / 6.0);
    out_f[lane][10] = min(max(x, one), zero);
    out_f[lane][11] = sign(-zero) + sign(x);
    out_f[lane][12] = uintBitsToFloat(packSnorm4x8(vec4(one, h / 10.0, -0.25 * zero, -one)));
    out_f[lane][13] = unpackHalf2x16(packHalf2x16(vec2(x, h))).x;
    out_f[lane][14] = float(packUnorm4x8(vec4(one, zero, h / 10.0, 2.0)));
    out_f[lane][15] = inversesqrt(one * 4.0) + exp2(-one);
}
void main() {
    ints(0, 7, -1, -7, 1, int(0x80000000), 0, 0u, 0x80000000u);
    ints(1, ins.i[0], ins.i[1], ins.i[2], ins.i[3], ins.i[4], ins.i[5], ins.u[0], ins.u[1]);
    floats(0, 2.5, -7.5, 2.0, 0.8, 0.2, 0.3, 1.0, 0.0);
    floats(1, ins.f[0], ins.f[1], ins.f[2], ins.f[3], ins.f[4], ins.f[5], ins.f[6], ins.f[7]);
}
