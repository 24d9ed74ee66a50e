#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float f[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { int idx[]; };
layout(set = 0, binding = 2, std430) buffer B2 { vec4 o[]; };
layout(set = 0, binding = 3, std430) buffer B3 { float scalars[]; };
void main() {
    mat2x3 m23 = mat2x3(f[0], f[1], f[2], f[3], f[4], f[5]);
    mat3x2 t = transpose(m23); o[0] = vec4(t[0], t[1]); o[1] = vec4(t[2], 0.0, 0.0);
    mat2 a = mat2(f[0], f[1], f[2], f[3]), b = mat2(f[4], f[5], f[6], f[7]);
    mat2 s = a + b, d = b - a, h = a * 0.5, g = 2.0 * a;
    o[2] = vec4(s[0], s[1]); o[3] = vec4(d[0], d[1]); o[4] = vec4(h[0], h[1]); o[5] = vec4(g[0], g[1]);
    o[6] = mat4(2.0) * vec4(f[0], f[1], f[2], f[3]);
    mat3 m = mat3(1.0); m[idx[0]] = vec3(7, 8, 9); m[2][0] = 5.0; m[idx[1]].z = f[0];
    o[7] = vec4(m * vec3(1.0), 0.0);
    mat3 c = mat3(vec3(f[0], 0, 0), vec3(0, f[1], 0), vec3(f[0], 0, f[3]));
    o[8] = vec4(c[idx[1]], m23[idx[0]][idx[1]]);
    scalars[0] = determinant(a);
    scalars[1] = determinant(mat3(vec3(2, 0, 0), vec3(0, 3, 0), vec3(1, 0, 4)));
    scalars[2] = determinant(mat4(f[1]));
    scalars[3] = determinant(c);
}
