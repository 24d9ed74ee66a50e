#version 450
layout(set = 0, binding = 0, std140) uniform Transform { mat4 model; vec2 offset; } transform;
layout(push_constant, std430) uniform Tint { vec4 color; float scale; } tint;
void main() {
    uint id = uint(gl_VertexIndex);
    vec2 corner = vec2(float(id & 1u), float(id >> 1u)) * 2.0 - 1.0;
    vec4 p = transform.model * vec4(corner, 0.0, 1.0);
    gl_Position = vec4(p.xy + transform.offset * tint.scale, p.z, p.w);
}
