#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int ins[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { float fins[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int ri[]; };
layout(set = 0, binding = 3, std430) buffer B3 { float rf[]; };
// Luma's integer division and remainder (WGSL's): x / 0 == x, x % 0 == 0, INT_MIN / -1 == INT_MIN.
int idiv(int a, int b) { if (b == 0) return a; if (a == int(0x80000000) && b == -1) return a; return a / b; }
int irem(int a, int b) { if (b == 0) return 0; if (a == int(0x80000000) && b == -1) return 0; return a - b * (a / b); }
float frem(float x, float y) { return x - y * trunc(x / y); }
void ints(int base, int one, int two, int zero, int mn, int m1) {
    ri[base + 0] = -one; ri[base + 1] = -(-one); ri[base + 2] = -(-two); ri[base + 3] = -(-(-two)); ri[base + 4] = two;
    ri[base + 5] = -mn; ri[base + 6] = idiv(mn, m1); ri[base + 7] = irem(mn, m1); ri[base + 8] = idiv(two, zero); ri[base + 9] = irem(two, zero);
    ri[base + 10] = two - one; ri[base + 11] = two - zero;
    ri[base + 12] = idiv(7 * one, two); ri[base + 13] = idiv(7 * one, zero);
    ri[base + 14] = irem(-7 * one, two); ri[base + 15] = irem(-7 * one, zero); ri[base + 16] = irem(-7 * one, m1);
    ri[base + 17] = idiv(mn, m1); ri[base + 18] = idiv(9, m1);
    ri[base + 19] = (-8 * one) >> ((33 * one) & 31); ri[base + 20] = one << ((31 * one + two) & 31);
    ri[base + 21] = (-16 * one) >> (two & 31); ri[base + 22] = (16 * one) >> ((34 * one) & 31);
    int a = one; a += one; a -= one; a *= a; a = idiv(a, a); a = irem(a, one); a &= zero; a |= zero; a ^= zero; ri[base + 23] = a;
    int b = two * 3; b <<= two; b >>= one; b ^= -one; ri[base + 24] = b;
    ivec3 v = ivec3(0); v[one] += 1; v[one] -= 3; v[two] = v[one] * 5; v.xz += ivec2(10);
    ri[base + 25] = v.x; ri[base + 26] = v.y; ri[base + 27] = v.z;
    ri[base + 28] = ~one; ri[base + 29] = int((~uint(one)) >> 28u);
    ri[base + 30] = int(two == one) + 2 * int(ivec2(two) != ivec2(one, two)) + 4 * int(two >= one);
    ri[base + 31] = int(one <= one && two <= one && mn <= one);
}
void floats(int base, float one, float two, float zero, float nan, float nz) {
    rf[base + 0] = -one; rf[base + 1] = one; rf[base + 2] = frem(-7.5 * one, two); rf[base + 3] = frem(7.5 * one, -two);
    rf[base + 4] = frem(two, 0.75); rf[base + 5] = frem(two, -0.75);
    rf[base + 6] = (2.0 + one - 4.0) / 8.0; rf[base + 7] = two / -8.0;
    // a number to bool is `!= 0`, so NaN is true (unordered not-equal)
    bool bx = !(nan == 0.0), by = !(nz == 0.0), bz = !(two == 0.0), bw = !(zero == 0.0);
    rf[base + 8] = float(int(bx) + 2 * int(by) + 4 * int(bz) + 8 * int(bw));
    rf[base + 9] = 1.0;
    rf[base + 10] = float(int(nan == nan) + 2 * int(!(nan == nan)) + 4 * int(nan < one) + 8 * int(nz == zero));
    rf[base + 11] = float(int(!(nan == nan && one == one)) + 2 * int(nan == nan));
    rf[base + 12] = float(int(!(nan == nan)) + 2 * int(!(one == one)));
    rf[base + 13] = 1.0 + 4.0;
    vec2 a = vec2(two); a += one; a -= 3.0 * one; a /= 4.0; rf[base + 14] = a.x;
    mat3 p = two * ((mat3(two) + mat3(one)) - mat3(one) * 0.5);
    rf[base + 15] = p[0][0] + p[1][0] * 10.0;
    mat4x3 mv = mat4x3(vec3(one, 0.0, 0.0), vec3(0.0, two, 0.0), vec3(0.0, 0.0, 3.0), vec3(1.0, 1.0, one));
    vec3 r1 = mv * vec4(1.0, 1.0, 1.0, two); rf[base + 16] = r1.x; rf[base + 17] = r1.y; rf[base + 18] = r1.z;
    vec4 r2 = vec3(one, two, 3.0) * mv; rf[base + 19] = r2.x; rf[base + 20] = r2.y; rf[base + 21] = r2.z; rf[base + 22] = r2.w;
    mat3 mm = mv * transpose(mv); rf[base + 23] = mm[2][2]; rf[base + 24] = mm[1][0]; rf[base + 25] = mm[0][1] + mm[2][0];
    rf[base + 26] = mix(zero, one, 0.25);
    rf[base + 27] = two > one ? 2.0 : 4.0;
    rf[base + 28] = intBitsToFloat(int(one) * 0x3f800000) + intBitsToFloat(int(one) * 0x40000000);
}
void main() {
    ints(0, ins[0], ins[1], ins[2], ins[3], ins[4]);
    ints(32, ins[0], ins[1], ins[2], ins[3], ins[4]);
    floats(0, fins[0], fins[1], fins[2], fins[3], fins[4]);
    floats(32, fins[0], fins[1], fins[2], fins[3], fins[4]);
}
