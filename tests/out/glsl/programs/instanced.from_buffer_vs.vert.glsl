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
    InstanceData data = instances[min(draw.base_instance + uint(gl_InstanceIndex), uint(instances.length()) - 1u)];
    vec4 world = data.model * vec4(position, 1.0);
    vec4 t = data.normal_matrix[0];
    vec4 t_1 = data.normal_matrix[1];
    vec4 t_2 = data.normal_matrix[2];
    vec3 n = mat3(t.xyz, t_1.xyz, t_2.xyz) * normal;
    gl_Position = frame.view_proj * world;
    world_position = world.xyz;
    normal_1 = n;
    color = data.color;
    uv_1 = uv;
    highlight = draw.highlight == uint(gl_InstanceIndex) ? 1u : 0u;
}
