#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std140) uniform UB {
    float a[2][3];
    vec2 b[2][2];
    mat3x2 m[2];
    float f;
} u;
layout(push_constant, std430) uniform PB {
    float a[2][3];
    vec2 b[2][2];
    mat3x2 m[2];
    float f;
} p;
layout(set = 0, binding = 1, std430) readonly buffer B1 { int idx[]; };
layout(set = 0, binding = 2, std430) buffer B2 { float outv[]; };
void main() {
    int i = idx[0], j = idx[1], k = idx[2];
    outv[0] = u.a[i][j] + p.a[i][j];
    outv[1] = u.b[i][k].y + p.b[i][k].y;
    outv[2] = u.m[i][j].y + p.m[i][j].y;
    outv[3] = u.f + p.f;
    outv[4] = u.a[k][j] + p.a[k][j];
    outv[5] = u.b[i][k].x + p.b[i][k].x;
    outv[6] = u.m[k][j].x + p.m[k][j].x;
}
