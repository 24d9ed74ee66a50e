#version 450

layout(location = 0) out vec4 color;
layout(location = 1) noperspective out vec2 screen;
layout(location = 2) flat out uint id;
layout(location = 3) flat out int layer;
layout(location = 4) out float weight;

void main() {
    float x = float(uint(gl_VertexIndex) & 1u) * 2.0 - 1.0;
    float y = float((uint(gl_VertexIndex) >> 1u) & 1u) * 2.0 - 1.0;
    gl_Position = vec4(x, y, 0.5, 1.0);
    color = vec4(x, y, 0.0, 1.0);
    screen = vec2(x, y);
    id = uint(gl_InstanceIndex);
    layer = int(uint(gl_VertexIndex)) - 2;
    weight = 1.0;
}
