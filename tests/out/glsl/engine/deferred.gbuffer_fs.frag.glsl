#version 450

struct GVaryings {
    vec4 clip;
    vec3 normal;
    vec2 uv;
};

struct gbuffer_fs_out {
    vec4 albedo_metal;
    vec4 normal_rough;
    vec4 emissive;
};

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
    GVaryings input_ = GVaryings(vec4(0.0), normal, uv);
    vec3 n = normalize(input_.normal);
    vec4 base_color = material.base_color;
    gbuffer_fs_out t = gbuffer_fs_out(vec4(base_color.xyz, material.metallic), vec4(n * 0.5 + vec3(0.5), material.roughness), material.emissive);
    albedo_metal = t.albedo_metal;
    normal_rough = t.normal_rough;
    emissive = t.emissive;
}
