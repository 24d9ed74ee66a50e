#version 450

layout(location = 0) in vec3 pos;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec3 normal;
layout(location = 0) out vec3 uvw;
layout(location = 1) out float lod_bias;
layout(location = 2) out vec3 normal_1;
layout(location = 3) out vec3 view_vec;
layout(location = 4) out vec3 light_vec;

layout(set = 0, binding = 0, std140) uniform ubo_block {
    mat4 projection;
    mat4 model;
    vec4 view_pos;
    float depth;
} ubo;

void main() {
    vec4 world = ubo.model * vec4(pos, 1.0);
    mat4 model = ubo.model;
    vec4 t = model[0];
    vec4 t_1 = model[1];
    vec4 t_2 = model[2];
    vec3 l_pos = mat3(t.xyz, t_1.xyz, t_2.xyz) * vec3(0.0);
    mat4 t_3 = inverse(transpose(ubo.model));
    vec4 t_4 = t_3[0];
    vec4 t_5 = t_3[1];
    vec4 t_6 = t_3[2];
    vec4 view_pos = ubo.view_pos;
    gl_Position = ubo.projection * world;
    uvw = vec3(uv, ubo.depth);
    lod_bias = 0.0;
    normal_1 = mat3(t_4.xyz, t_5.xyz, t_6.xyz) * normal;
    view_vec = view_pos.xyz - world.xyz;
    light_vec = l_pos - world.xyz;
}
