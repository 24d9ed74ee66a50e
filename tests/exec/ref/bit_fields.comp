#version 450
// Luma's extract_bits / insert_bits spelled out: GLSL's bitfieldExtract / bitfieldInsert on
// the clamped field o = min(offset, 32), c = min(count, 32 - o).
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int ints[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { uint uints[]; };
layout(set = 0, binding = 2, std430) readonly buffer B2 { uint fields[]; };
layout(set = 0, binding = 3, std430) buffer B3 { int out_int[]; };
layout(set = 0, binding = 4, std430) buffer B4 { uint out_uint[]; };
layout(set = 0, binding = 5, std430) buffer B5 { ivec2 out_ivec[]; };
layout(set = 0, binding = 6, std430) buffer B6 { uvec2 out_uvec[]; };
void main() {
    for (int i = 0; i <= 9; i++) {
        uint o = min(fields[2 * i], 32u);
        uint c = min(fields[2 * i + 1], 32u - o);
        int v = ints[i];
        uint u = uints[i];
        out_int[2 * i] = bitfieldExtract(v, int(o), int(c));
        out_int[2 * i + 1] = bitfieldInsert(v, ints[9 - i], int(o), int(c));
        out_uint[2 * i] = bitfieldExtract(u, int(o), int(c));
        out_uint[2 * i + 1] = bitfieldInsert(u, uints[9 - i], int(o), int(c));
        out_ivec[i] = bitfieldInsert(ivec2(v, -v), ivec2(-1, 7), int(o), int(min(3u, 32u - o)));
        out_uvec[i] = bitfieldExtract(uvec2(u, ~u), int(o), int(c));
    }
    int v = ints[3];
    out_int[20] = bitfieldExtract(v, 30, 2);
    out_int[21] = v;
    out_int[22] = bitfieldExtract(-8, 1, 3);
    out_int[23] = -1;
    out_int[24] = bitfieldExtract(ints[6], 31, 1);
    out_int[25] = -1;
}
