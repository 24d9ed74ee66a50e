#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform ubo_block {
    float radial_blur_scale;
    float radial_blur_strength;
    vec2 radial_origin;
} ubo;
layout(set = 0, binding = 1) uniform sampler2D sampler_color;

void main() {
    ivec2 tex_dim = textureSize(sampler_color, 0);
    vec2 radial_size = vec2(1.0 / float(tex_dim.x), 1.0 / float(tex_dim.y));
    vec2 p = uv + radial_size * 0.5 - ubo.radial_origin;
    int i = 0;
    uint v = 31u;
    bool v_1 = true;
    vec4 color_1 = vec4(0.0);
    vec4 color_2;
    while (true) {
        if (!v_1) {
            color_2 = color_1;
            break;
        }
        float scale = 1.0 - ubo.radial_blur_scale * (float(i) / 31.0);
        vec4 texel = texture(sampler_color, p * scale + ubo.radial_origin);
        vec4 color_3 = color_1 + texel;
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        color_1 = color_3;
    }
    color = color_2 / vec4(32.0) * ubo.radial_blur_strength;
}
