#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(push_constant, std430) uniform tm_block {
    float exposure;
    float gamma;
    uint mode;
    float white_point;
} tm;
layout(set = 0, binding = 0) uniform sampler2D hdr;

vec3 aces(vec3 x) {
    return clamp(x * (x * 2.51 + vec3(0.03)) / (x * (x * 2.43 + vec3(0.59)) + vec3(0.14)), vec3(0.0), vec3(1.0));
}

vec3 hable(vec3 x) {
    return (x * (x * 0.15 + vec3(0.05)) + vec3(0.004)) / (x * (x * 0.15 + vec3(0.5)) + vec3(0.060000002)) - vec3(0.06666666);
}

void main() {
    vec4 texel = texture(hdr, uv);
    vec3 hdr_color = texel.xyz * tm.exposure;
    vec3 mapped;
    if (tm.mode == 0u) {
        mapped = hdr_color / (hdr_color + vec3(1.0));
    } else if (tm.mode == 1u) {
        vec3 mapped_1 = aces(hdr_color);
        mapped = mapped_1;
    } else {
        vec3 hable_1 = hable(hdr_color * 2.0);
        vec3 hable_2 = hable(vec3(tm.white_point));
        mapped = hable_1 / hable_2;
    }
    vec3 mapped_2 = pow(mapped, vec3(1.0 / tm.gamma));
    color = vec4(mapped_2, 1.0);
}
