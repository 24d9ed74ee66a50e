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

float signed_distance(vec2 uv_1) {
    vec4 texel = texture(atlas, uv_1);
    vec3 msdf = texel.xyz;
    float median_1 = median(msdf.x, msdf.y, msdf.z);
    return median_1 - 0.5;
}

float screen_px_range(vec2 uv_1) {
    vec2 unit_range = vec2(style.distance_range) / vec2(textureSize(atlas, 0));
    vec2 t = fwidth(uv_1);
    vec2 screen_tex_size = vec2(1.0) / t;
    return max(0.5 * dot(unit_range, screen_tex_size), 1.0);
}

void main() {
    float px_range = screen_px_range(uv);
    float signed_distance_1 = signed_distance(uv);
    float distance_ = signed_distance_1 * px_range;
    float fill = clamp(distance_ + 0.5, 0.0, 1.0);
    float outline = clamp(distance_ + 0.5 + style.outline_width * px_range, 0.0, 1.0);
    vec2 shadow_uv = uv - style.shadow_offset / vec2(textureSize(atlas, 0));
    float signed_distance_2 = signed_distance(shadow_uv);
    float shadow_distance = signed_distance_2 * px_range;
    float shadow = smoothstep(-style.shadow_softness, style.shadow_softness, shadow_distance) * style.shadow_opacity;
    vec4 color_2 = vec4(0.0, 0.0, 0.0, shadow);
    vec4 color_3 = mix(color_2, style.outline_color, vec4(outline));
    vec4 color_4 = mix(color_3, color, vec4(fill));
    if (color_4.w < 0.004) {
        discard;
    }
    color_1 = color_4;
}
