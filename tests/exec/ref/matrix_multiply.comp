#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float f[]; };
layout(set = 0, binding = 1, std430) buffer B1 { vec4 o[]; };
void main() {
    mat2x3 m23 = mat2x3(f[0], f[1], f[2], f[3], f[4], f[5]);
    mat3x2 m32 = mat3x2(f[0], f[1], f[2], f[3], f[4], f[5]);
    mat4 m4 = mat4(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], f[11], f[12], f[13], f[14], f[15]);
    vec2 v2 = vec2(1.0, 10.0); vec3 v3 = vec3(1.0, 10.0, 100.0);
    o[0] = vec4(m23 * v2, 0.0); o[1] = vec4(v3 * m23, 0.0, 0.0);
    o[2] = vec4(m32 * v3, 0.0, 0.0); o[3] = vec4(v2 * m32, 0.0);
    mat2 p = m32 * m23; o[4] = vec4(p[0], p[1]);
    mat3 q = m23 * m32; o[5] = vec4(q[0], 0.0); o[6] = vec4(q[1], 0.0); o[7] = vec4(q[2], 0.0);
    o[8] = m4 * vec4(1, 0, 0, 1); o[9] = vec4(1, 1, 0, 0) * m4;
    mat3 m3 = mat3(m4); o[10] = vec4(m3 * vec3(1.0), 0.0); o[11] = vec4(vec3(0, 0, 1) * m3, 0.0);
    mat2 sq = mat2(f[0], f[1], f[2], f[3]) * mat2(f[4], f[5], f[6], f[7]); o[12] = vec4(sq[0], sq[1]);
    o[13] = m4 * m4 * vec4(1, 0, 0, 0);
}
