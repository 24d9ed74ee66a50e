#version 450

struct VertexInput {
    vec3 position;
    vec3 normal;
    vec2 uv;
};

struct from_attributes_out {
    vec4 position;
    vec2 uv;
};

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec2 uv_1;

layout(set = 0, binding = 0, std140) uniform uniforms_block {
    mat4 model;
    mat4 view_proj;
    mat4 normal_mat;
} uniforms;

void main() {
    VertexInput input_ = VertexInput(position, normal, uv);
    vec4 world = uniforms.model * vec4(input_.position, 1.0);
    from_attributes_out t = from_attributes_out(uniforms.view_proj * world, input_.uv);
    gl_Position = t.position;
    uv_1 = t.uv;
}
