#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int counts[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { uint ucounts[]; };
layout(set = 0, binding = 2, std430) readonly buffer B2 { int values[]; };
layout(set = 0, binding = 3, std430) readonly buffer B3 { uint uvalues[]; };
layout(set = 0, binding = 4, std430) buffer B4 { int out_int[]; };
layout(set = 0, binding = 5, std430) buffer B5 { uint out_uint[]; };
void main() {
    int a = values[0]; uint c = uvalues[0];
    for (int i = 0; i <= 7; i++) {
        int n = counts[i] & 31;
        out_int[i] = a << n; out_int[8 + i] = a >> n;
        out_uint[i] = c << n; out_uint[8 + i] = c >> n;
    }
    for (int i = 0; i <= 2; i++) {
        uint n = ucounts[i] & 31u;
        out_int[16 + i] = a << n; out_int[19 + i] = a >> n;
    }
    for (int i = 0; i < 4; i++) out_int[22 + i] = a << (counts[i] & 31);
    for (int i = 0; i < 4; i++) out_uint[16 + i] = c >> (uint(counts[4 + i]) & 31u);
    int s = a; s <<= (counts[4] & 31); out_int[26] = s; s >>= (counts[5] & 31); out_int[27] = s;
}
