#version 450

layout(location = 0) in vec2 uv;
layout(location = 1) flat in int band;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0) uniform sampler2D pattern;

void main() {
    vec2 scaled = uv * 16.0;
    float t = fwidth(scaled.x);
    float t_1 = fwidthFine(scaled.y);
    float t_2 = fwidthCoarse(scaled.x);
    float width = t + t_1 * 0.5 + t_2 * 0.25;
    float edge = smoothstep(0.5 - width, 0.5 + width, fract(scaled.x));
    vec2 t_3 = dFdx(uv);
    vec2 t_4 = dFdy(uv);
    vec2 t_5 = dFdxFine(uv);
    vec2 t_6 = dFdyFine(uv);
    vec2 t_7 = dFdxCoarse(uv);
    vec2 t_8 = dFdyCoarse(uv);
    vec4 slope = vec4(t_3, t_4) + vec4(t_5, t_6) - vec4(t_7, t_8);
    vec2 t_9 = dFdxFine(uv);
    vec2 t_10 = dFdyCoarse(uv);
    vec4 texel = textureGrad(pattern, uv, t_9, t_10);
    color = texel * edge + slope * float(band);
}
