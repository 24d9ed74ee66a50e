#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int ints[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { uint uints[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int out_int[]; };
layout(set = 0, binding = 3, std430) buffer B3 { uint out_uint[]; };
layout(set = 0, binding = 4, std430) buffer B4 { ivec4 out_vec[]; };
void main() {
    out_int[0] = abs(ints[0]); out_int[1] = abs(ints[1]); out_int[2] = abs(ints[2]);
    out_int[3] = sign(ints[3]); out_int[4] = sign(ints[2]); out_int[5] = sign(ints[4]);
    out_int[6] = min(ints[0], ints[4]); out_int[7] = max(ints[0], ints[4]);
    out_int[8] = clamp(ints[5], -10, 10); out_int[9] = clamp(ints[6], -10, 10); out_int[10] = clamp(ints[1], -10, 10);
    out_uint[0] = min(uints[0], uints[1]); out_uint[1] = max(uints[0], uints[1]);
    out_uint[2] = clamp(uints[1], 1u, 10u); out_uint[3] = clamp(uints[0], 5u, uints[2]);
    ivec4 v = ivec4(ints[0], ints[1], ints[2], ints[5]);
    ivec4 w = ivec4(ints[0], ints[1], ints[2], ints[3]);
    out_vec[0] = clamp(v, -2, 2); out_vec[1] = abs(w); out_vec[2] = sign(w);
    out_vec[3] = min(w, 0); out_vec[4] = max(v, ivec4(0, 10, -1, 50));
}
