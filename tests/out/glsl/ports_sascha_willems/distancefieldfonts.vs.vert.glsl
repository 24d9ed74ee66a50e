#version 450

layout(location = 0) in vec3 pos;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec2 uv_1;

layout(set = 0, binding = 0, std140) uniform ubo_block {
    mat4 projection;
    mat4 model;
    vec4 outline_color;
    float outline_width;
    float outline;
} ubo;

void main() {
    gl_Position = ubo.projection * ubo.model * vec4(pos, 1.0);
    uv_1 = uv;
}
