#version 450

struct VertexInput {
    vec3 position;
    vec3 normal;
    vec2 uv;
};

struct Interpolated {
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
    mat4 view_proj;
} uniforms;

void main() {
    VertexInput input_ = VertexInput(position, normal, uv);
    Interpolated t = Interpolated(uniforms.view_proj * vec4(input_.position, 1.0), input_.uv, input_.normal);
    gl_Position = t.position;
    uv_1 = t.uv;
    normal_1 = t.normal;
}
