#version 450

layout(location = 0) in vec3 pos;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 3) in vec4 tangent;
layout(location = 0) out vec3 normal_1;
layout(location = 1) out vec2 uv_1;
layout(location = 2) out vec3 view_vec;
layout(location = 3) out vec3 light_vec;
layout(location = 4) out vec4 tangent_1;

layout(set = 0, binding = 0, std140) uniform ubo_block {
    mat4 projection;
    mat4 view;
    vec4 light_pos;
    vec4 view_pos;
} ubo;
layout(push_constant, std430) uniform push_consts_block {
    mat4 model;
    uint alpha_mask;
    float alpha_mask_cutoff;
} push_consts;

void main() {
    vec4 world = push_consts.model * vec4(pos, 1.0);
    mat4 model = push_consts.model;
    vec4 t = model[0];
    vec4 t_1 = model[1];
    vec4 t_2 = model[2];
    vec4 view_pos = ubo.view_pos;
    vec4 light_pos = ubo.light_pos;
    gl_Position = ubo.projection * ubo.view * world;
    normal_1 = mat3(t.xyz, t_1.xyz, t_2.xyz) * normal;
    uv_1 = uv;
    view_vec = view_pos.xyz - world.xyz;
    light_vec = light_pos.xyz - world.xyz;
    tangent_1 = tangent;
}
