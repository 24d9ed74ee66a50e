#version 450
// Self-test: a std140 uniform block with awkward members, push constants, a second set.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std140) uniform U {
    vec3 v;
    float f;
    float arr[2];
    mat2x3 m;
} u;
layout(push_constant, std430) uniform P { int k; float s; } pc;
layout(set = 1, binding = 0, std430) buffer Out { vec4 r0; vec4 r1; vec4 r2; int k; } o;
void main() {
    o.r0 = vec4(u.v, u.f);
    o.r1 = vec4(u.arr[0], u.arr[1], pc.s, 0.0);
    o.r2 = vec4(u.m * vec2(1.0, 2.0), 0.0);
    o.k = pc.k * 3;
}
