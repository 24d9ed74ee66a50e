#version 450
layout(local_size_x = 1) in;
layout(push_constant, std430) uniform Push { mat2 m; float s; vec2 v; uint k; } pc;
layout(set = 0, binding = 0, std430) buffer B0 { vec4 o[]; };
void main() {
    o[0] = vec4(pc.m[0], pc.m[1]);
    o[1] = vec4(pc.m * pc.v, pc.s, float(pc.k));
}
