#version 450
layout(local_size_x = 1) in;
layout(push_constant, std430) uniform Push { vec3 scale; float bias; int mode; vec2 shift; mat3 m; vec4 tint; } pc;
layout(set = 0, binding = 0, std430) buffer B0 { vec4 o[]; };
void main() {
    o[0] = vec4(pc.scale * 2.0, pc.bias);
    o[1] = vec4(float(pc.mode), pc.shift, 0.0);
    o[2] = vec4(pc.m[0], pc.m[2].z);
    o[3] = pc.tint;
    o[4] = vec4(pc.m * vec3(pc.shift, 1.0), float(pc.mode * 3));
}
