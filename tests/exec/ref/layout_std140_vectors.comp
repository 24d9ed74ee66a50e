#version 450
layout(local_size_x = 1) in;
struct Mixed { vec3 a; float b; vec2 c; float d; int e; vec3 f; uint g; vec4 h; float i; vec3 j; vec2 k; };
layout(set = 0, binding = 0, std140) uniform B0 { Mixed src; };
layout(set = 0, binding = 1, std430) buffer B1 { Mixed dst; };
layout(set = 0, binding = 2, std430) buffer B2 { float sums[]; };
void main() {
    dst = src;
    dst.b = src.b + src.a.y;
    sums[0] = float(src.e) + float(src.g) + src.d + src.i;
    sums[1] = dot(src.h, vec4(1.0));
    sums[2] = src.j.z + src.k.y + src.c.x;
    sums[3] = src.f.y;
}
