#version 450

struct VertexInput {
    vec3 position;
    vec3 normal;
    vec2 uv;
};

struct VertexOutput {
    vec4 position;
    vec2 uv;
    vec3 normal;
};

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
    VertexInput input_ = VertexInput(position, normal, uv);
    vec3 pos = input_.position;
    vec4 world_pos = uniforms.model * vec4(pos, 1.0);
    vec4 clip_pos = uniforms.view_proj * world_pos;
    vec4 t = uniforms.normal_mat * vec4(input_.normal, 0.0);
    VertexOutput t_1 = VertexOutput(clip_pos, input_.uv, normalize(t.xyz));
    gl_Position = t_1.position;
    uv_1 = t_1.uv;
    normal_1 = t_1.normal;
}
