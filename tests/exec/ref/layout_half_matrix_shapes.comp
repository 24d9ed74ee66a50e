#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 1) in;
struct M { f16mat2 a; f16mat2x3 b; f16mat2x4 c; f16mat3x2 d; f16mat3 e; f16mat3x4 f; f16mat4x2 g; f16mat4x3 h; f16mat4 i; float16_t t; };
layout(set = 0, binding = 0, std140) uniform B0 { M src; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { M sto; };
layout(set = 0, binding = 2, std430) buffer B2 { M dst; };
layout(set = 0, binding = 3, std430) buffer B3 { M cols; };
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
    cols.b[1].z = sto.b[1].z + src.b[0].z;
    cols.a[0].y = sto.a[1].x + src.a[1].y;
}
