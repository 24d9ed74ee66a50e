#version 450

struct VertexInput {
    vec3 position;
    vec3 normal;
    vec2 uv;
};

struct VertexOutput {
    vec4 position;
    vec3 normal;
    vec2 uv;
    vec4 tint;
};

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec3 normal_1;
layout(location = 4) out vec2 uv_1;
layout(location = 5) out vec4 tint;

void main() {
    VertexInput input_ = VertexInput(position, normal, uv);
    VertexOutput t = VertexOutput(vec4(input_.position, 1.0), input_.normal, input_.uv, vec4(input_.uv, 0.0, 1.0));
    gl_Position = t.position;
    normal_1 = t.normal;
    uv_1 = t.uv;
    tint = t.tint;
}
