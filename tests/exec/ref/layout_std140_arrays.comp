#version 450
layout(local_size_x = 1) in;
struct Arrays { float f[3]; float x; vec3 v3[2]; vec2 v2[2]; int i[2]; float y; };
layout(set = 0, binding = 0, std140) uniform B0 { Arrays src; };
layout(set = 0, binding = 1, std430) buffer B1 { Arrays dst; };
layout(set = 0, binding = 2, std430) readonly buffer B2 { int idx[]; };
layout(set = 0, binding = 3, std430) buffer B3 { float sums[]; };
void main() {
    dst = src;
    dst.y = src.f[1] + src.v3[1].z + src.v2[1].x + float(src.i[1]);
    sums[0] = src.f[idx[0]]; sums[1] = src.v3[idx[1]].x; sums[2] = src.v2[idx[1]].y;
    sums[3] = float(src.i[idx[1]]) + src.x;
}
