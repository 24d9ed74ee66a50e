#version 450

struct Glyph {
    vec4 rect;
    vec4 uv_rect;
    vec4 color;
};

layout(location = 0) out vec2 uv;
layout(location = 1) out vec4 color;
layout(location = 2) flat out uint glyph;

layout(set = 0, binding = 0, std140) uniform style_block {
    vec2 screen_size;
    float distance_range;
    float outline_width;
    vec4 outline_color;
    vec2 shadow_offset;
    float shadow_softness;
    float shadow_opacity;
} style;
layout(set = 0, binding = 1, std430) readonly buffer glyphs_block {
    Glyph glyphs[];
};

void main() {
    vec2 local[6] = vec2[6](vec2(0.0), vec2(1.0, 0.0), vec2(0.0, 1.0), vec2(0.0, 1.0), vec2(1.0, 0.0), vec2(1.0));
    Glyph g = glyphs[min(uint(gl_InstanceIndex), uint(glyphs.length()) - 1u)];
    vec2 corner = local[min(uint(gl_VertexIndex) % 6u, 5u)];
    vec4 t = g.rect;
    vec4 t_1 = g.rect;
    vec2 pixel = t.xy + corner * t_1.zw;
    vec2 ndc = pixel / style.screen_size * 2.0 - vec2(1.0);
    vec4 t_2 = g.uv_rect;
    vec4 t_3 = g.uv_rect;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    uv = mix(t_2.xy, t_3.zw, corner);
    color = g.color;
    glyph = uint(gl_InstanceIndex);
}
