#version 450
layout(local_size_x = 1) in;
struct S0 { float a; float b; float c; float d; };
struct S1 { S0 a; S0 b; };
struct S2 { S1 a; S1 b; };
struct S3 { S2 a; S2 b; };
struct S4 { S3 a; S3 b; };
struct S5 { S4 a; S4 b; };
struct S6 { S5 a; S5 b; };
layout(set = 0, binding = 0, std140) uniform U { S6 u; };
layout(set = 0, binding = 1, std430) readonly buffer Src { S6 src[]; };
layout(set = 0, binding = 2, std430) buffer Dst { S6 dst[]; };
struct T0 { float a[2]; vec3 b; };
struct T1 { T0 a; T0 b; };
struct T2 { T1 a; T1 b; };
struct T3 { T2 a; T2 b; };
struct T4 { T3 a; T3 b; };
struct T5 { T4 a; T4 b; };
struct T6 { T5 a; T5 b; };
layout(set = 0, binding = 3, std140) uniform UT { T6 ut; };
layout(set = 0, binding = 4, std430) buffer DstT { T6 dst_t[]; };
struct Grid { int cells[10][10]; };
layout(set = 0, binding = 5, std430) buffer Grids { Grid grids[]; };
void main() {
    S6 v = src[0];
    v.b.a.b.a.b.a.c = 100.0;
    dst[0] = v;
    dst[1] = u;
    S6 w = u;
    w.a.a.a.a.a.a.a = -1.0;
    dst[2] = w;
    Grid g = grids[0];
    g.cells[3][4] = 77;
    grids[1] = g;
    T6 t = ut;
    t.b.b.b.b.b.b.b = vec3(-5.0);
    dst_t[0] = t;
}
