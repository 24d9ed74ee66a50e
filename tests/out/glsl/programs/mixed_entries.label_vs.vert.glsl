#version 450

layout(location = 0) in vec2 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec4 color;
layout(location = 0) out vec2 uv_1;
layout(location = 1) out vec4 color_1;

layout(set = 0, binding = 0, std140) uniform view_block {
    mat4 view_proj;
    vec2 viewport;
    float line_width;
    float time;
} view;

void main() {
    gl_Position = vec4(position / view.viewport * 2.0 - vec2(1.0), 0.0, 1.0);
    uv_1 = uv;
    color_1 = color;
}
