#version 450

layout(location = 0) in vec2 pos;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec2 uv_1;

void main() {
    uv_1 = uv;
    gl_Position = vec4(pos * 1.2, 0.0, 1.0);
}
