#version 450

layout(location = 0) in vec3 pos;
layout(location = 1) in vec2 uv;
layout(location = 2) in int texture_index;
layout(location = 0) out vec2 uv_1;
layout(location = 1) flat out int tex_index;

layout(set = 0, binding = 0, std140) uniform matrices_block {
    mat4 projection;
    mat4 view;
    mat4 model;
} matrices;

void main() {
    gl_Position = matrices.projection * matrices.view * matrices.model * vec4(pos, 1.0);
    uv_1 = uv;
    tex_index = texture_index;
}
