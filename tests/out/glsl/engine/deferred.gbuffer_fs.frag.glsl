#version 450

layout(location = 0) in vec3 normal;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec4 albedo_metal;
layout(location = 1) out vec4 normal_rough;
layout(location = 2) out vec4 emissive;

layout(set = 2, binding = 0, std140) uniform material_block {
    vec4 base_color;
    vec4 emissive;
    float metallic;
    float roughness;
} material;

void main() {
    vec3 n = normalize(normal);
    vec4 base_color = material.base_color;
    albedo_metal = vec4(base_color.xyz, material.metallic);
    normal_rough = vec4(n * 0.5 + vec3(0.5), material.roughness);
    emissive = material.emissive;
}
