#version 450
layout(local_size_x = 1) in;
struct Inner { mat3x2 m; float f; };
struct Outer { Inner a[3]; };
layout(set = 0, binding = 0, std140) uniform U0 { Outer a[2]; };
layout(set = 0, binding = 1, std430) buffer B1 { int counter; };
layout(set = 0, binding = 2, std430) buffer B2 { Outer sto[2]; };
layout(set = 0, binding = 3, std430) buffer B3 { float out_f[16]; };
shared Outer wg[2];
void main() {
    counter = 4;
    out_f[0] = a[0].a[1].m[2][1];
    out_f[1] = a[1].a[0].f;
    out_f[2] = a[1].a[2].m[0][0];
    out_f[3] = a[1].a[2].f;
    out_f[4] = a[1].a[2].m[1].x;
    out_f[5] = a[1].a[2].m[1].y;
    out_f[6] = a[1].a[2].m[2].x;
    out_f[7] = a[1].a[2].m[2].y;
    out_f[8] = a[1].a[2].m[2].y;
    vec2 s = a[1].a[2].m * vec3(1.0);
    out_f[9] = s.x;
    out_f[10] = s.y;
    sto = a;
    sto[1].a[2].m[1] = a[0].a[0].m[2].yx;
    wg = a;
    barrier();
    out_f[11] = wg[1].a[1].m[0].y;
    out_f[12] = wg[0].a[2].f;
    out_f[13] = float(counter);
}
