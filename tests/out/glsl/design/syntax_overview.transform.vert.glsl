#version 450

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec2 uv_1;
layout(location = 1) out vec3 normal_1;

layout(set = 0, binding = 0, std140) uniform uniforms_block {
    mat4 model;
    mat4 view_proj;
    mat4 normal_mat;
} uniforms;

void main() {
    vec4 world_pos = uniforms.model * vec4(position, 1.0);
    vec4 clip_pos = uniforms.view_proj * world_pos;
    vec4 t = uniforms.normal_mat * vec4(normal, 0.0);
    gl_Position = clip_pos;
    uv_1 = uv;
    normal_1 = normalize(t.xyz);
}
