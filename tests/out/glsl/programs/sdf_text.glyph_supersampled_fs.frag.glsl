#version 450

layout(location = 0) in vec2 uv;
layout(location = 1) in vec4 color;
layout(location = 2) flat in uint glyph;
layout(location = 0) out vec4 color_1;

layout(set = 0, binding = 0, std140) uniform style_block {
    vec2 screen_size;
    float distance_range;
    float outline_width;
    vec4 outline_color;
    vec2 shadow_offset;
    float shadow_softness;
    float shadow_opacity;
} style;
layout(set = 0, binding = 2) uniform sampler2D atlas;

float median(float r, float g, float b) {
    return max(min(r, g), min(max(r, g), b));
}

float screen_px_range(vec2 uv_1) {
    vec2 unit_range = vec2(style.distance_range) / vec2(textureSize(atlas, 0));
    vec2 t = fwidth(uv_1);
    vec2 screen_tex_size = vec2(1.0) / t;
    return max(0.5 * dot(unit_range, screen_tex_size), 1.0);
}

void main() {
    vec2 offsets[4] = vec2[4](vec2(0.0), vec2(0.0), vec2(0.0), vec2(0.0));
    vec2 dx = dFdx(uv);
    vec2 dy = dFdy(uv);
    float px_range = screen_px_range(uv);
    offsets = vec2[4](vec2(0.125, 0.375), vec2(-0.125, -0.375), vec2(0.375, -0.125), vec2(-0.375, 0.125));
    int i = 0;
    uint v = 3u;
    bool v_1 = true;
    float coverage = 0.0;
    float coverage_1;
    while (true) {
        if (!v_1) {
            coverage_1 = coverage;
            break;
        }
        float t = offsets[min(uint(i), 3u)].x;
        float t_1 = offsets[min(uint(i), 3u)].y;
        vec2 uv_1 = uv + dx * t + dy * t_1;
        vec4 texel = textureGrad(atlas, uv_1, dx, dy);
        vec3 msdf = texel.xyz;
        float median_1 = median(msdf.x, msdf.y, msdf.z);
        float coverage_2 = coverage + clamp((median_1 - 0.5) * px_range + 0.5, 0.0, 1.0);
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        coverage = coverage_2;
    }
    color_1 = vec4(color.xyz, color.w * coverage_1 * 0.25);
}
