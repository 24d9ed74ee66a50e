#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(push_constant, std430) uniform params_block {
    vec2 src_texel;
    float threshold;
    float knee;
    float filter_radius;
    float intensity;
    int first_mip;
    int mip_count;
} params;
layout(set = 0, binding = 0) uniform sampler2D source;
layout(set = 0, binding = 2) uniform sampler2D current;

vec3 tap(vec2 uv_1, float dx, float dy) {
    vec4 texel = textureLod(source, uv_1 + vec2(dx, dy) * params.src_texel, 0.0);
    return texel.xyz;
}

void main() {
    float r = params.filter_radius;
    vec3 tap_1 = tap(uv, -r, r);
    vec3 tap_2 = tap(uv, r, r);
    vec3 tap_3 = tap(uv, -r, -r);
    vec3 tap_4 = tap(uv, r, -r);
    vec3 up = tap_1 + tap_2 + tap_3 + tap_4;
    vec3 tap_5 = tap(uv, 0.0, r);
    vec3 tap_6 = tap(uv, -r, 0.0);
    vec3 tap_7 = tap(uv, r, 0.0);
    vec3 tap_8 = tap(uv, 0.0, -r);
    vec3 up_1 = up + (tap_5 + tap_6 + tap_7 + tap_8) * 2.0;
    vec3 tap_9 = tap(uv, 0.0, 0.0);
    vec3 up_2 = up_1 + tap_9 * 4.0;
    vec3 up_3 = up_2 * 0.0625;
    vec4 base = textureLod(current, uv, 0.0);
    float strength = params.intensity / float(max(params.mip_count, 1));
    color = vec4(base.xyz + up_3 * strength, base.w);
}
