#version 450

struct VertOut {
    vec4 pos;
    vec4 color;
    vec2 screen;
    uint id;
    int layer;
    float weight;
};

layout(location = 0) out vec4 color;
layout(location = 1) noperspective out vec2 screen;
layout(location = 2) flat out uint id;
layout(location = 3) flat out int layer;
layout(location = 4) out float weight;

void main() {
    float x = float(uint(gl_VertexIndex) & 1u) * 2.0 - 1.0;
    float y = float((uint(gl_VertexIndex) >> 1u) & 1u) * 2.0 - 1.0;
    VertOut t = VertOut(vec4(x, y, 0.5, 1.0), vec4(x, y, 0.0, 1.0), vec2(x, y), uint(gl_InstanceIndex), int(uint(gl_VertexIndex)) - 2, 1.0);
    gl_Position = t.pos;
    color = t.color;
    screen = t.screen;
    id = t.id;
    layer = t.layer;
    weight = t.weight;
}
