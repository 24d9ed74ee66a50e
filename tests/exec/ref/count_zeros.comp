#version 450
// Luma's counts spelled out on the bits as uint: findMSB / findLSB give -1 for 0.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int ints[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { uint uints[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int out_int[]; };
layout(set = 0, binding = 3, std430) buffer B3 { uint out_uint[]; };
layout(set = 0, binding = 4, std430) buffer B4 { ivec4 out_vec[]; };
int clz(uint x) { return 31 - findMSB(x); }
int ctz(uint x) { return x == 0u ? 32 : findLSB(x); }
void main() {
    for (int i = 0; i <= 7; i++) {
        out_int[i] = clz(uint(ints[i]));
        out_int[8 + i] = ctz(uint(ints[i]));
    }
    for (int i = 0; i <= 5; i++) {
        out_uint[i] = uint(clz(uints[i]));
        out_uint[6 + i] = uint(ctz(uints[i]));
    }
    ivec4 v = ivec4(ints[3], ints[4], ints[6], ints[0]);
    out_vec[0] = ivec4(clz(uint(v.x)), clz(uint(v.y)), clz(uint(v.z)), clz(uint(v.w)));
    out_vec[1] = ivec4(ctz(uint(v.x)), ctz(uint(v.y)), ctz(uint(v.z)), ctz(uint(v.w)));
    out_vec[2] = ivec4(0, 3, 32, 10);
}
