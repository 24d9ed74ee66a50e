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
layout(set = 0, binding = 2) uniform texture2DArray t_shadow;
layout(set = 0, binding = 3) uniform samplerShadow sampler_shadow;
layout(set = 0, binding = 4, std140) uniform u_lights_block {
    Light u_lights[10];
};

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
    uint v = 0u;
    vec3 color_1 = vec3(0.05);
    uint i = 0u;
    vec3 color_2;
    while (true) {
        if (!(v < 10u)) {
            color_2 = color_1;
            break;
        }
        if (!(i < min(u_globals.num_lights.x, 10u))) {
            color_2 = color_1;
            break;
        }
        Light light = u_lights[min(i, 9u)];
        float shadow = fetch_shadow(i, light.proj * world_position);
        vec4 t = light.pos;
        vec3 light_dir = normalize(t.xyz - world_position.xyz);
        vec4 t_1 = light.color;
        vec3 color_3 = color_1 + t_1.xyz * (shadow * max(0.0, dot(normal, light_dir)));
        uint i_1 = i + 1u;
        v = v + 1u;
        color_1 = color_3;
        i = i_1;
    }
    color = vec4(color_2, 1.0) * u_entity.color;
}
