#version 450

struct Light {
    vec4 position;
    vec4 color;
};

layout(location = 0) in vec2 uv;
layout(location = 1) in vec3 world_pos;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform uniforms_block {
    mat4 model;
    vec4 tint;
} uniforms;
layout(set = 0, binding = 1) uniform sampler2D material_tex;
layout(set = 1, binding = 0, std430) readonly buffer lights_block {
    Light lights[16];
};

void main() {
    vec4 texel = texture(material_tex, uv);
    vec4 albedo = texel * uniforms.tint;
    int i = 0;
    uint v = 15u;
    bool v_1 = true;
    vec3 total = vec3(0.0);
    vec3 total_1;
    while (true) {
        if (!v_1) {
            total_1 = total;
            break;
        }
        vec4 position = lights[min(uint(i), 15u)].position;
        vec3 to_light = position.xyz - world_pos;
        float attenuation = 1.0 / (1.0 + dot(to_light, to_light));
        vec4 color_1 = lights[min(uint(i), 15u)].color;
        vec3 total_2 = total + color_1.xyz * attenuation;
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        total = total_2;
    }
    color = vec4(albedo.xyz * total_1, albedo.w);
}
