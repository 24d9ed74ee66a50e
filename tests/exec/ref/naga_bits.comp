#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int ins[]; };
layout(set = 0, binding = 1, std430) buffer B1 { ivec4 ri[]; };
layout(set = 0, binding = 2, std430) buffer B2 { uvec4 ru[]; };
// Luma clamps fields into the 32 bits (WGSL's rule), where GLSL leaves a field past bit 31
// undefined: the reference writes each field already clamped (28 + 8 is 28 + 4, 30 + 8 is 30 + 2,
// 24 + 16 is 24 + 8, 31 + 4 is 31 + 1), and a whole-word insert or extract as the value itself.
int clz(uint x) { return x == 0u ? 32 : 31 - findMSB(x); }
int ctz(uint x) { return x == 0u ? 32 : findLSB(x); }
void run(int base, int a, int b, int c, int d) {
    ivec2 i2 = ivec2(a, b); ivec3 i3 = ivec3(a, b, c); ivec4 i4 = ivec4(a, b, c, d);
    uvec2 u2 = uvec2(i2); uvec3 u3 = uvec3(i3); uvec4 u4 = uvec4(i4);
    ri[base + 0] = ivec4(bitfieldInsert(i2, ivec2(d), 5, 10), bitfieldInsert(i2, i2.yx, 28, 4));
    ri[base + 1] = ivec4(bitfieldInsert(i3, ivec3(-1), 5, 10), 0);
    ri[base + 2] = i4.wzyx;
    ri[base + 3] = ivec4(bitfieldExtract(i2, 5, 10), bitfieldExtract(i2, 30, 2));
    ri[base + 4] = ivec4(bitfieldExtract(i3, 28, 4), 0);
    ri[base + 5] = i4;
    ri[base + 6] = ivec4(findLSB(i2), findMSB(i2));
    ri[base + 7] = ivec4(findMSB(i3), 0);
    ri[base + 8] = findMSB(i4) + findLSB(i4) * 100;
    ri[base + 9] = ivec4(bitCount(i3), bitCount(a));
    ri[base + 10] = bitfieldReverse(i4);
    ri[base + 11] = ivec4(bitfieldReverse(i2), bitCount(i2));
    ru[base + 0] = uvec4(bitfieldInsert(u2, uvec2(0xFFFFFFFFu), 5, 10), bitfieldInsert(u2.x, 3u, 31, 1), 0u);
    ru[base + 1] = uvec4(bitfieldInsert(u3, u3.zxy, 12, 12), 0u);
    ru[base + 2] = bitfieldInsert(u4, uvec4(0u), 8, 16);
    ru[base + 3] = uvec4(bitfieldExtract(u2, 5, 10), bitfieldExtract(u2, 24, 8));
    ru[base + 4] = uvec4(bitfieldExtract(u3, 31, 1), 0u);
    ru[base + 5] = bitfieldExtract(u4, 3, 29);
    ru[base + 6] = uvec4(uvec2(findLSB(u2)), uvec2(findMSB(u2)));
    ru[base + 7] = uvec4(uvec3(findMSB(u3)), uint(findLSB(u3.x)));
    ru[base + 8] = uvec4(bitCount(u4));
    ru[base + 9] = bitfieldReverse(u4);
    ru[base + 10] = uvec4(bitfieldReverse(u3), uint(bitCount(u3.z)));
    ru[base + 11] = uvec4(uint(clz(u2.x)), uint(clz(u2.y)), uint(ctz(u2.x)), uint(ctz(u2.y)));
}
void main() {
    run(0, ins[0], ins[1], ins[2], ins[3]);
    run(12, ins[0], ins[1], ins[2], ins[3]);
}
