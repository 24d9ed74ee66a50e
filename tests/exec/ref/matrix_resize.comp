#version 450
// GLSL's matrix-from-matrix constructor is the rule Luma follows: the overlap, then the identity.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float f[]; };
layout(set = 0, binding = 1, std430) buffer B1 { vec4 o[]; };
void main() {
    mat2 m2 = mat2(f[0], f[1], f[2], f[3]);
    mat3x2 m32 = mat3x2(f[0], f[1], f[2], f[3], f[4], f[5]);
    mat2x4 m24 = mat2x4(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7]);
    mat4 a = mat4(m2);
    for (int k = 0; k < 4; k++) o[k] = a[k];
    mat2x3 b = mat2x3(m32); o[4] = vec4(b[0], 0.0); o[5] = vec4(b[1], 0.0);
    mat3x2 c = mat3x2(m24); o[6] = vec4(c[0], c[1]); o[7] = vec4(c[2], 0.0, 0.0);
    mat3 d = mat3(m24); o[8] = vec4(d[0], 0.0); o[9] = vec4(d[1], 0.0); o[10] = vec4(d[2], 0.0);
    mat4x3 e = mat4x3(m32);
    for (int k = 0; k < 4; k++) o[11 + k] = vec4(e[k], 0.0);
    mat2x3 g = mat2x3(f[4]); o[15] = vec4(g[0], 0.0); o[16] = vec4(g[1], 0.0);
    mat4x2 h = mat4x2(f[1]); o[17] = vec4(h[0], h[1]); o[18] = vec4(h[2], h[3]);
}
