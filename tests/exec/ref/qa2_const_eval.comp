#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int ins[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { float fins[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int o[]; };
layout(set = 0, binding = 3, std430) buffer B3 { float fo[]; };
void main() {
    int big = ins[0], one = ins[1], s33 = ins[2], m8 = ins[3], m7 = ins[4], two = ins[5], i0 = ins[6], i1 = ins[7];
    int wrap = big + one; int mul_wrap = big * 3; uint umax = uint(i0) - 1u;
    o[0] = wrap; o[1] = wrap; o[2] = -wrap; o[3] = -wrap;
    o[4] = mul_wrap; o[5] = mul_wrap;
    o[6] = one << (s33 & 31); o[7] = one << (s33 & 31);
    o[8] = mul_wrap >> (s33 & 31); o[9] = mul_wrap >> (s33 & 31);
    o[10] = m8 >> one; o[11] = m8 >> one;
    o[12] = int(umax); o[13] = int(umax); o[14] = int(umax * umax); o[15] = int(umax * umax);
    o[16] = int(umax >> uint((s33 + 3) & 31)); o[17] = int(umax >> uint((s33 + 3) & 31));
    o[18] = (m7 / two) * 10 + (m7 - (m7 / two) * two); o[19] = o[18];
    o[20] = 1; o[21] = 2000000000; o[22] = int(4294967294u);
    int lut[3][2] = int[3][2](int[2](1, 2), int[2](3, 4), int[2](5, 6));
    ivec4 v = ivec4(1, -2, 3, -4);
    o[23] = lut[i1 + 1][i1] * 100 + lut[2][i0] * 10 + 7;
    o[24] = v[i1] * 10 + v.wzyx[i1 + 2];
    o[25] = 3 * 100 + 2;
    fo[0] = 1e10; fo[1] = 1e10; fo[2] = 16777218.0; fo[3] = 16777218.0;
    float a = fins[0] + fins[1]; a = a + fins[1];
    fo[4] = a; fo[5] = a;
    fo[6] = fins[2] - fins[3] * trunc(fins[2] / fins[3]); fo[7] = fo[6];
    vec2 pb = vec2(0.5, 0.25);
    mat2x3 m = mat2x3(vec3(1.0, 2.0, 3.0), vec3(4.0, 5.0, 6.0));
    fo[8] = pb[i1] + m[i1][i1 + 1] * 10.0;
    fo[9] = (m * vec2(fins[1], fins[3])).z;
}
