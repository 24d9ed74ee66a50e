#version 450

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec2 uv_1;
layout(location = 1) out vec3 normal_1;

layout(set = 0, binding = 0, std140) uniform uniforms_block {
    mat4 view_proj;
} uniforms;

void main() {
    gl_Position = uniforms.view_proj * vec4(position, 1.0);
    uv_1 = uv;
    normal_1 = normal;
}
