#version 450

layout(location = 0) in ivec4 position;
layout(location = 1) in ivec4 normal;
layout(location = 0) out vec3 world_normal;
layout(location = 1) out vec4 world_position;

layout(set = 0, binding = 0, std140) uniform u_globals_block {
    mat4 view_proj;
    uvec4 num_lights;
} u_globals;
layout(set = 1, binding = 0, std140) uniform u_entity_block {
    mat4 world;
    vec4 color;
} u_entity;

void main() {
    mat4 w = u_entity.world;
    vec4 world_pos = u_entity.world * vec4(position);
    vec4 t = w[0];
    vec4 t_1 = w[1];
    vec4 t_2 = w[2];
    gl_Position = u_globals.view_proj * world_pos;
    world_normal = mat3(t.xyz, t_1.xyz, t_2.xyz) * vec3(normal.xyz);
    world_position = world_pos;
}
