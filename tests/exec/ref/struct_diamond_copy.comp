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
struct Grid { int cells[10][10]; };
layout(set = 0, binding = 3, std430) buffer Grids { Grid grids[]; };
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
}
