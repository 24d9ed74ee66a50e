#version 450
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_samplerless_texture_functions : require

layout(location = 0) in vec2 uv;
layout(location = 1) flat in uint material;
layout(location = 0) out vec4 color;

layout(push_constant, std430) uniform push_block {
    uint material;
    vec4 tint;
} push;
layout(set = 0, binding = 0) uniform texture2D albedo_maps[8];
layout(set = 0, binding = 1) uniform sampler samplers[2];
layout(set = 0, binding = 2) uniform sampler2D detail_maps[4];
layout(set = 0, binding = 4) uniform utexture2D id_maps[2];
layout(set = 0, binding = 5, std430) readonly buffer material_table_block {
    uint material_table[];
};

vec4 albedo(uint index, vec2 uv_1) {
    vec4 texel = textureLod(nonuniformEXT(sampler2D(albedo_maps[nonuniformEXT(min(index, 7u))], samplers[0])), uv_1, 0.0);
    return texel;
}

void main() {
    vec4 texel = texture(sampler2D(albedo_maps[min(push.material, 7u)], samplers[1]), uv);
    vec4 base = texel * push.tint;
    uint t = material_table[min(material, uint(material_table.length()) - 1u)];
    uint slot = t % 8u;
    vec4 a = texture(nonuniformEXT(sampler2D(albedo_maps[nonuniformEXT(min(slot, 7u))], samplers[nonuniformEXT(min(material % 2u, 1u))])), uv);
    uint t_1 = material & 3u;
    vec4 d = texture(detail_maps[nonuniformEXT(min(t_1, 3u))], uv);
    uvec4 id = texelFetch(id_maps[nonuniformEXT(min(material % 2u, 1u))], clamp(ivec2(uv * 4.0), ivec2(0), textureSize(id_maps[nonuniformEXT(min(material % 2u, 1u))], 0) - 1), 0);
    ivec2 size = textureSize(albedo_maps[nonuniformEXT(min(slot, 7u))], 0);
    vec4 albedo_1 = albedo(material, uv);
    vec4 albedo_2 = albedo(push.material, uv);
    vec4 c = base + a * d + albedo_1 + albedo_2;
    color = c + vec4(float(id.x) / float(size.x + 1));
}
