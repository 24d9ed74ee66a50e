#version 450
layout(local_size_x = 1) in;
struct M { mat2 a; mat2x3 b; mat2x4 c; mat3x2 d; mat3 e; mat3x4 f; mat4x2 g; mat4x3 h; mat4 i; float t; };
layout(set = 0, binding = 0, std140) uniform B0 { M src; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { M sto; };
layout(set = 0, binding = 2, std430) buffer B2 { M dst; };
layout(set = 0, binding = 3, std430) buffer B3 { M cols; };
layout(set = 0, binding = 4, std430) buffer B4 { vec4 o[]; };
void main() {
    dst = src;
    for (int k = 0; k <= 1; k++) { cols.a[k] = sto.a[k]; cols.b[k] = sto.b[k]; cols.c[k] = sto.c[k]; }
    for (int k = 0; k <= 2; k++) { cols.d[k] = sto.d[k]; cols.e[k] = sto.e[k]; cols.f[k] = sto.f[k]; }
    for (int k = 0; k <= 3; k++) { cols.g[k] = sto.g[k]; cols.h[k] = sto.h[k]; cols.i[k] = sto.i[k]; }
    cols.t = sto.t;
    cols.g[3].y = sto.g[0].x + src.g[3].y;
    cols.d[2].x = sto.d[1].y + src.d[2].x;
    cols.h[1].z = sto.h[1].z + src.h[1].z;
    cols.f[2].w = sto.f[2].w + src.f[0].w;
    o[0] = src.c * vec2(1, 2);
    o[1] = sto.f * vec3(1, 0, 1);
    o[2] = vec4(sto.g * vec4(1), src.g * vec4(0, 0, 0, 1));
    o[3] = vec4(src.h * vec4(0, 1, 0, 1), sto.t);
    o[4] = vec4(vec2(1) * sto.d, src.t);
    o[5] = vec4(transpose(sto.b) * vec3(1), (transpose(src.d) * vec2(0, 1)).xy);
}
