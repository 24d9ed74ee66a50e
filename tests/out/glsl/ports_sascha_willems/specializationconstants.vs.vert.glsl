#version 450

layout(location = 0) in vec3 pos;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 3) in vec3 color;
layout(location = 0) out vec3 normal_1;
layout(location = 1) out vec3 color_1;
layout(location = 2) out vec2 uv_1;
layout(location = 3) out vec3 view_vec;
layout(location = 4) out vec3 light_vec;

layout(set = 0, binding = 0, std140) uniform ubo_block {
    mat4 projection;
    mat4 model;
    vec4 light_pos;
} ubo;

void main() {
    vec4 world = ubo.model * vec4(pos, 1.0);
    mat4 model = ubo.model;
    vec4 t = model[0];
    vec4 t_1 = model[1];
    vec4 t_2 = model[2];
    vec4 light_pos = ubo.light_pos;
    vec3 l_pos = mat3(t.xyz, t_1.xyz, t_2.xyz) * light_pos.xyz;
    mat4 model_1 = ubo.model;
    vec4 t_3 = model_1[0];
    vec4 t_4 = model_1[1];
    vec4 t_5 = model_1[2];
    gl_Position = ubo.projection * world;
    normal_1 = mat3(t_3.xyz, t_4.xyz, t_5.xyz) * normal;
    color_1 = color;
    uv_1 = uv;
    view_vec = -world.xyz;
    light_vec = l_pos - world.xyz;
}
