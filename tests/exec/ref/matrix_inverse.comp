#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float f[]; };
layout(set = 0, binding = 1, std430) buffer B1 { vec4 o[]; };
void main() {
    mat2 ia = inverse(mat2(f[0], f[1], f[2], f[3])); o[0] = vec4(ia[0], ia[1]);
    mat3 ib = inverse(mat3(vec3(1, 0, 0), vec3(f[4], 1, 0), vec3(f[5], f[6], 1)));
    o[1] = vec4(ib[0], 0.0); o[2] = vec4(ib[1], 0.0); o[3] = vec4(ib[2], 0.0);
    mat4 ic = inverse(mat4(vec4(f[4], 0, 0, 0), vec4(0, f[6], 0, 0), vec4(0, 0, 8, 0), vec4(1, f[4], f[5], 1)));
    o[4] = ic[0]; o[5] = ic[1]; o[6] = ic[2]; o[7] = ic[3];
    mat3 g = mat3(vec3(2, 1, 0), vec3(1, 3, 1), vec3(0, 1, f[6]));
    mat3 e = g * inverse(g); o[8] = vec4(e[0], 0.0); o[9] = vec4(e[1], 0.0); o[10] = vec4(e[2], 0.0);
}
