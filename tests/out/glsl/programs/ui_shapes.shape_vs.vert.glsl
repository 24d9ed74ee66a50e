#version 450

struct Shape {
    vec4 rect;
    vec4 color;
    vec4 border_color;
    float radius;
    float border;
    vec2 shadow_offset;
    uint kind;
    uint hard;
    vec2 pad;
};

layout(location = 0) out vec2 offset;
layout(location = 1) flat out uint index;

layout(set = 0, binding = 0, std430) readonly buffer shapes_block {
    Shape shapes[];
};

void main() {
    Shape s = shapes[min(uint(gl_InstanceIndex), uint(shapes.length()) - 1u)];
    vec2 corner = vec2(float(uint(gl_VertexIndex) & 1u), float((uint(gl_VertexIndex) >> 1u) & 1u)) * 2.0 - vec2(1.0);
    float grow = 6.0 + length(s.shadow_offset);
    vec4 t = s.rect;
    vec2 offset_1 = corner * (t.zw + vec2(grow));
    vec4 t_1 = s.rect;
    vec2 pixel = t_1.xy + offset_1;
    gl_Position = vec4(pixel / vec2(512.0) - vec2(1.0), 0.0, 1.0);
    offset = offset_1;
    index = uint(gl_InstanceIndex);
}
