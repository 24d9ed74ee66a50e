#version 450

struct InstanceData {
    mat4 model;
    mat4 normal_matrix;
    vec4 color;
    uint material;
    uint lod;
    uint flags;
    uint pad;
};

struct MeshVertex {
    uint instance;
    vec3 position;
    vec3 normal;
    vec2 uv;
};

struct Shaded {
    vec4 clip;
    vec3 world_position;
    vec3 normal;
    vec4 color;
    vec2 uv;
    uint highlight;
};

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec3 world_position;
layout(location = 1) out vec3 normal_1;
layout(location = 2) out vec4 color;
layout(location = 3) out vec2 uv_1;
layout(location = 4) flat out uint highlight;

layout(set = 0, binding = 0, std140) uniform frame_block {
    mat4 view_proj;
    vec4 camera_position;
    vec4 light_position;
    vec4 light_color;
} frame;
layout(push_constant, std430) uniform draw_block {
    uint base_instance;
    uint highlight;
} draw;
layout(set = 0, binding = 1, std430) readonly buffer instances_block {
    InstanceData instances[];
};

void main() {
    MeshVertex input_ = MeshVertex(uint(gl_InstanceIndex), position, normal, uv);
    uint instance = input_.instance;
    InstanceData data = instances[min(draw.base_instance + instance, uint(instances.length()) - 1u)];
    vec4 world = data.model * vec4(input_.position, 1.0);
    vec4 t = data.normal_matrix[0];
    vec4 t_1 = data.normal_matrix[1];
    vec4 t_2 = data.normal_matrix[2];
    vec3 n = mat3(t.xyz, t_1.xyz, t_2.xyz) * input_.normal;
    Shaded t_3 = Shaded(frame.view_proj * world, world.xyz, n, data.color, input_.uv, draw.highlight == instance ? 1u : 0u);
    gl_Position = t_3.clip;
    world_position = t_3.world_position;
    normal_1 = t_3.normal;
    color = t_3.color;
    uv_1 = t_3.uv;
    highlight = t_3.highlight;
}
