#version 450
// Reference for scalar_vector_operands.luma: the scalar splatted by hand, Luma's integer
// division rules written out per component.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer II { int ii[]; };
layout(set = 0, binding = 1, std430) buffer FF { float ff[]; };
layout(set = 0, binding = 2, std430) buffer OI { ivec4 oi[]; };
layout(set = 0, binding = 3, std430) buffer OF { vec4 of_[]; };
layout(set = 0, binding = 4, std430) buffer OU { uvec4 ou[]; };
int sdiv(int a, int b) {
    if (b == 0) return a;
    if (a == int(0x80000000u) && b == -1) return a;
    return a / b;
}
int srem(int a, int b) {
    if (b == 0 || b == -1) return 0;
    return a - (a / b) * b;
}
uint udiv(uint a, uint b) { return b == 0u ? a : a / b; }
uint urem(uint a, uint b) { return b == 0u ? 0u : a % b; }
void main() {
    int s = ii[0];
    ivec4 v = ivec4(ii[1], ii[2], ii[3], ii[4]);
    int m = ii[5];
    ivec4 q, r, t, qm, rm;
    for (int k = 0; k < 4; k++) {
        q[k] = sdiv(s, v[k]);
        r[k] = srem(s, v[k]);
        t[k] = sdiv(v[k], s);
        qm[k] = sdiv(m, v[k]);
        rm[k] = srem(m, v[k]);
    }
    oi[0] = q; oi[1] = r; oi[2] = t; oi[3] = qm; oi[4] = rm;
    float fs = ff[0];
    vec4 fv = vec4(ff[1], ff[2], ff[3], ff[4]);
    of_[0] = vec4(fs) - fv * trunc(vec4(fs) / fv);
    of_[1] = vec4(fs) / fv;
    of_[2] = vec4(fs) - fv;
    uint us = uint(s);
    uvec4 uv = uvec4(v);
    uvec4 uq, ur;
    for (int k = 0; k < 4; k++) { uq[k] = udiv(us, uv[k]); ur[k] = urem(us, uv[k]); }
    ou[0] = uq; ou[1] = ur;
}
