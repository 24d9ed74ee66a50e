#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int ints[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { uint uints[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int out_int[]; };
layout(set = 0, binding = 3, std430) buffer B3 { uint out_uint[]; };
layout(set = 0, binding = 4, std430) buffer B4 { ivec4 out_vec[]; };
void main() {
    for (int i = 0; i <= 7; i++) {
        int v = ints[i];
        out_int[i] = bitCount(v); out_int[8 + i] = bitfieldReverse(v);
        out_int[16 + i] = findMSB(v); out_int[24 + i] = findLSB(v);
    }
    for (int i = 0; i <= 3; i++) {
        uint u = uints[i];
        out_uint[i] = uint(bitCount(u)); out_uint[4 + i] = bitfieldReverse(u);
        out_uint[8 + i] = uint(findMSB(u)); out_uint[12 + i] = uint(findLSB(u));
    }
    ivec4 v = ivec4(ints[3], ints[4], ints[6], ints[7]);
    out_vec[0] = bitCount(v); out_vec[1] = findMSB(v); out_vec[2] = findLSB(v);
}
