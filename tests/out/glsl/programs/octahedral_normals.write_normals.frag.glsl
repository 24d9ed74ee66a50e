#version 450

layout(location = 0) in vec3 normal;
layout(location = 1) in float roughness;
layout(location = 2) in float metallic;
layout(location = 0) out uvec2 normal_rough;
layout(location = 1) out uint compact;

vec2 sign_not_zero(vec2 v) {
    return vec2(v.x >= 0.0 ? 1.0 : -1.0, v.y >= 0.0 ? 1.0 : -1.0);
}

vec2 oct_encode(vec3 n) {
    vec2 p = n.xy * (1.0 / (abs(n.x) + abs(n.y) + abs(n.z)));
    if (n.z <= 0.0) {
        vec2 sign_not_zero_1 = sign_not_zero(p);
        return (vec2(1.0) - abs(p.yx)) * sign_not_zero_1;
    }
    return p;
}

uint pack_oct_snorm16(vec3 n) {
    vec2 oct_encode_1 = oct_encode(n);
    return packSnorm2x16(oct_encode_1);
}

uint pack_oct_unorm8(vec3 n) {
    vec2 oct_encode_1 = oct_encode(n);
    vec2 e = oct_encode_1 * 0.5 + vec2(0.5);
    return packUnorm4x8(vec4(e, 0.0, 0.0)) & 65535u;
}

void main() {
    vec3 n = normalize(normal);
    uint pack_oct_snorm16_1 = pack_oct_snorm16(n);
    uint pack_oct_unorm8_1 = pack_oct_unorm8(n);
    normal_rough = uvec2(pack_oct_snorm16_1, packUnorm2x16(vec2(roughness, metallic)));
    compact = pack_oct_unorm8_1;
}
