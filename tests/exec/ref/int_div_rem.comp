#version 450
// Reference for int_div_rem.luma: Luma's meaning written out in GLSL.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int ints[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { uint uints[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int out_int[]; };
layout(set = 0, binding = 3, std430) buffer B3 { uint out_uint[]; };
int ldiv(int a, int b) { return b == 0 ? a : (a == -2147483647 - 1 && b == -1) ? a : a / b; }
int lrem(int a, int b) { return (b == 0 || (a == -2147483647 - 1 && b == -1)) ? 0 : a - (a / b) * b; }
void main() {
    for (int i = 0; i <= 7; i++) {
        int a = ints[2 * i], b = ints[2 * i + 1];
        out_int[2 * i] = ldiv(a, b);
        out_int[2 * i + 1] = lrem(a, b);
    }
    for (int i = 0; i <= 3; i++) {
        uint a = uints[2 * i], b = uints[2 * i + 1];
        out_uint[2 * i] = b == 0u ? a : a / b;
        out_uint[2 * i + 1] = b == 0u ? 0u : a % b;
    }
    out_int[16] = -3; out_int[17] = -1; out_int[18] = -3; out_int[19] = 1;
    for (int i = 0; i <= 7; i++) {
        int a = ints[2 * i];
        out_int[20 + 4 * i] = ldiv(a, 3);
        out_int[21 + 4 * i] = lrem(a, 3);
        out_int[22 + 4 * i] = ldiv(a, -3);
        out_int[23 + 4 * i] = lrem(a, -3);
    }
    for (int i = 0; i <= 3; i++) {
        uint a = uints[2 * i];
        out_uint[8 + 2 * i] = a / 3u;
        out_uint[9 + 2 * i] = a % 3u;
    }
    int vx = ints[1], vy = ints[5], wx = ints[2], wy = ints[5];
    out_int[52] = ldiv(-7, vx); out_int[53] = ldiv(7, vy);
    out_int[54] = lrem(wx, 3); out_int[55] = lrem(wy, -3);
}
