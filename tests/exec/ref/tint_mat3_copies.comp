#version 450
layout(local_size_x = 1) in;
struct S { mat3 m; };
struct S2 { mat3 m[1]; };
struct Light { vec3 position; vec3 colour; };
struct Item { vec4 a; int b; };
layout(set = 0, binding = 0, std430) buffer B0 { mat3 m; } b0;
layout(set = 0, binding = 1, std430) buffer B1 { S s; } b1;
layout(set = 0, binding = 2, std430) buffer B2 { S2 s; } b2;
layout(set = 0, binding = 3, std430) buffer B3 { S s; } b3;
layout(set = 0, binding = 4, std430) buffer B4 { S s[1]; } b4;
layout(set = 0, binding = 5, std430) buffer B5 { mat3 m[1]; } b5;
layout(set = 0, binding = 6, std430) buffer B6 { S s[1]; } b6;
layout(set = 0, binding = 7, std430) buffer B7 { S2 s[1]; } b7;
layout(set = 0, binding = 8, std430) buffer B8 { mat3 a[3]; vec3 b[3][3]; } big;
layout(set = 0, binding = 9, std430) readonly buffer B9 { float f; } f_in;
layout(set = 0, binding = 10, std430) buffer B10 { float f; } f_out;
layout(set = 0, binding = 11, std430) readonly buffer B11 { Item items[]; };
layout(set = 0, binding = 12, std430) readonly buffer B12 { Light lights[]; };
layout(set = 0, binding = 13, std430) buffer B13 { float out_f[12]; };
void main() {
    mat3 m = mat3(0.0);
    for (uint c = 0u; c < 3u; c++) m[c] = vec3(float(c * 3u + 1u), float(c * 3u + 2u), float(c * 3u + 3u));
    b0.m = m; b1.s.m = m; b2.s.m[0] = m; b3.s.m = m; b4.s[0].m = m; b5.m[0] = m; b6.s[0].m = m; b7.s[0].m[0] = m;
    big.a[1] = big.a[1] * 2.0;
    big.b[2][0].y += 100.0;
    f_out.f = f_in.f;
    out_f[0] = items[1].a.w;
    out_f[1] = float(items[1].b);
    out_f[2] = lights[1].position.z;
    out_f[3] = lights[1].colour.x;
    out_f[4] = lights[lights.length() - 1].colour.z;
}
