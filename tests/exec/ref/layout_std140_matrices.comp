#version 450
layout(local_size_x = 1) in;
struct Mats { mat2 m2; mat3 m3; mat2x3 m23; mat3x2 m32; float s; mat4 m4; float t; };
layout(set = 0, binding = 0, std140) uniform B0 { Mats src; };
layout(set = 0, binding = 1, std430) buffer B1 { Mats dst; };
layout(set = 0, binding = 2, std430) buffer B2 { vec4 o[]; };
void main() {
    dst = src;
    dst.s = src.s + 1.0;
    o[0] = vec4(src.m2 * vec2(1.0), src.m32 * vec3(1, 0, 0));
    o[1] = vec4(src.m23 * vec2(0, 1), src.m4[3].w);
    o[2] = vec4(src.m3[2], src.t);
    o[3] = vec4(1, 0, 0, 0) * src.m4;
}
