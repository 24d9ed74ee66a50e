#version 450
layout(local_size_x = 1) in;
struct Leaf { float a; float b; };
struct Inner { float x; vec2 y; };
struct Outer { float p; Leaf leaf; float q; Leaf leaves[2]; Inner inner; float r; vec3 v; float w; };
layout(set = 0, binding = 0, std140) uniform B0 { Outer src; };
layout(set = 0, binding = 1, std430) buffer B1 { Outer dst; };
layout(set = 0, binding = 2, std430) buffer B2 { float sums[]; };
void main() {
    dst = src;
    dst.leaves[1].b = src.leaf.a * 100.0;
    dst.w = src.inner.y.y + src.leaves[0].b;
    sums[0] = src.leaf.b + src.leaves[1].a + src.inner.x;
    sums[1] = src.r + src.v.z;
    Leaf l = src.leaves[1]; sums[2] = l.a * l.b;
}
