#version 450

struct Light {
    mat4 proj;
    vec4 pos;
    vec4 color;
};

layout(location = 0) in vec3 world_normal;
layout(location = 1) in vec4 world_position;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform u_globals_block {
    mat4 view_proj;
    uvec4 num_lights;
} u_globals;
layout(set = 1, binding = 0, std140) uniform u_entity_block {
    mat4 world;
    vec4 color;
} u_entity;
layout(set = 0, binding = 1, std430) readonly buffer s_lights_block {
    Light s_lights[];
};
layout(set = 0, binding = 2) uniform texture2DArray t_shadow;
layout(set = 0, binding = 3) uniform samplerShadow sampler_shadow;

float fetch_shadow(uint light_id, vec4 homogeneous_coords) {
    if (homogeneous_coords.w <= 0.0) {
        return 1.0;
    }
    float proj_correction = 1.0 / homogeneous_coords.w;
    vec2 light_local = homogeneous_coords.xy * vec2(0.5, -0.5) * proj_correction + vec2(0.5);
    float texel = textureGrad(sampler2DArrayShadow(t_shadow, sampler_shadow), vec4(light_local, float(int(light_id)), homogeneous_coords.z * proj_correction), vec2(0.0), vec2(0.0));
    return texel;
}

void main() {
    vec3 normal = normalize(world_normal);
    int t = int(min(u_globals.num_lights.x, 10u)) - 1;
    int i = 0;
    uint v = uint(t) - 0u;
    bool v_1 = 0 <= t;
    uint v_2 = 0u;
    vec3 color_1 = vec3(0.05);
    vec3 color_2;
    while (true) {
        if (!(v_2 < 10u)) {
            color_2 = color_1;
            break;
        }
        if (!v_1) {
            color_2 = color_1;
            break;
        }
        Light light = s_lights[min(uint(i), uint(s_lights.length()) - 1u)];
        float shadow = fetch_shadow(uint(i), light.proj * world_position);
        vec4 t_1 = light.pos;
        vec3 light_dir = normalize(t_1.xyz - world_position.xyz);
        float diffuse = max(0.0, dot(normal, light_dir));
        vec4 t_2 = light.color;
        vec3 color_3 = color_1 + t_2.xyz * (shadow * diffuse);
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        color_1 = color_3;
    }
    color = vec4(color_2, 1.0) * u_entity.color;
}
