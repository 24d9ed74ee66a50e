#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int inputs[]; };
layout(set = 0, binding = 1, std430) buffer B1 { int results[]; };
int ldiv(int a, int b) { return b == 0 ? a : (a == -2147483647 - 1 && b == -1) ? a : a / b; }
int lrem(int a, int b) { return (b == 0 || (a == -2147483647 - 1 && b == -1)) ? 0 : a - (a / b) * b; }
void main() {
    int m = inputs[0], mo = inputs[1];
    results[0] = ldiv(m, mo); results[1] = lrem(m, mo);
    results[2] = ldiv(m, inputs[3]); results[3] = lrem(m, inputs[3]);
    results[4] = ldiv(m, inputs[4]); results[5] = lrem(m, inputs[4]);
    ivec4 v = ivec4(m, m, inputs[5], inputs[6]);
    ivec4 d = ivec4(mo, inputs[2], mo, mo);
    for (int i = 0; i < 4; i++) { results[6 + i] = ldiv(v[i], d[i]); results[10 + i] = lrem(v[i], d[i]); }
    results[14] = ldiv(m, mo);
}
