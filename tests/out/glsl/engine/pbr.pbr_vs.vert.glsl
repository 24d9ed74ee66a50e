#version 450

struct VertexIn {
    vec3 position;
    vec3 normal;
    vec4 tangent;
    vec2 uv;
};

struct Varyings {
    vec4 clip;
    vec3 world_pos;
    vec3 normal;
    vec4 tangent;
    vec2 uv;
};

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec4 tangent;
layout(location = 3) in vec2 uv;
layout(location = 0) out vec3 world_pos;
layout(location = 1) out vec3 normal_1;
layout(location = 2) out vec4 tangent_1;
layout(location = 3) out vec2 uv_1;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
    vec4 position;
} camera;
layout(set = 1, binding = 0, std140) uniform object_block {
    mat4 model;
    mat4 normal_matrix;
} object;

void main() {
    VertexIn input_ = VertexIn(position, normal, tangent, uv);
    vec4 world = object.model * vec4(input_.position, 1.0);
    vec4 t = object.normal_matrix * vec4(input_.normal, 0.0);
    vec4 t_1 = input_.tangent;
    vec4 t_2 = object.model * vec4(t_1.xyz, 0.0);
    Varyings t_3 = Varyings(camera.view_proj * world, world.xyz, t.xyz, vec4(t_2.xyz, input_.tangent.w), input_.uv);
    gl_Position = t_3.clip;
    world_pos = t_3.world_pos;
    normal_1 = t_3.normal;
    tangent_1 = t_3.tangent;
    uv_1 = t_3.uv;
}
