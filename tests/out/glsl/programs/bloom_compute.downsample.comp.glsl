#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0) uniform texture2D src;
layout(set = 0, binding = 1) uniform sampler lin;
layout(set = 0, binding = 2, rgba16f) uniform writeonly image2D dst;
layout(push_constant, std430) uniform pass_block {
    float src_lod;
    float threshold;
    float radius;
    uint first;
} pass_;

float karis(vec3 c) {
    return 1.0 / (1.0 + dot(c, vec3(0.2126, 0.7152, 0.0722)) * 0.25);
}

vec3 tap(vec2 uv, vec2 o, vec2 texel) {
    vec4 texel_1 = textureLod(sampler2D(src, lin), uv + o * texel, pass_.src_lod);
    return texel_1.xyz;
}

void main() {
    ivec2 out_size = imageSize(dst);
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, out_size))) {
        return;
    }
    ivec2 src_size = textureSize(src, clamp(int(pass_.src_lod), 0, textureQueryLevels(src) - 1));
    vec2 texel = vec2(1.0) / vec2(src_size);
    vec2 uv = (vec2(p) + vec2(0.5)) / vec2(out_size);
    vec3 a = tap(uv, vec2(-2.0), texel);
    vec3 b = tap(uv, vec2(0.0, -2.0), texel);
    vec3 c = tap(uv, vec2(2.0, -2.0), texel);
    vec3 d = tap(uv, vec2(-2.0, 0.0), texel);
    vec3 e = tap(uv, vec2(0.0), texel);
    vec3 f = tap(uv, vec2(2.0, 0.0), texel);
    vec3 g = tap(uv, vec2(-2.0, 2.0), texel);
    vec3 h = tap(uv, vec2(0.0, 2.0), texel);
    vec3 i = tap(uv, vec2(2.0), texel);
    vec3 j = tap(uv, vec2(-1.0), texel);
    vec3 k = tap(uv, vec2(1.0, -1.0), texel);
    vec3 l = tap(uv, vec2(-1.0, 1.0), texel);
    vec3 m = tap(uv, vec2(1.0), texel);
    vec3 result;
    if (pass_.first == 1u) {
        vec3 g0 = (a + b + d + e) * 0.25;
        vec3 g1 = (b + c + e + f) * 0.25;
        vec3 g2 = (d + e + g + h) * 0.25;
        vec3 g3 = (e + f + h + i) * 0.25;
        vec3 g4 = (j + k + l + m) * 0.25;
        float karis_1 = karis(g0);
        float karis_2 = karis(g1);
        float karis_3 = karis(g2);
        float karis_4 = karis(g3);
        float karis_5 = karis(g4);
        vec3 result_1 = g0 * karis_1 * 0.125 + g1 * karis_2 * 0.125 + g2 * karis_3 * 0.125 + g3 * karis_4 * 0.125 + g4 * karis_5 * 0.5;
        result = max(result_1 - vec3(pass_.threshold), vec3(0.0));
    } else {
        result = e * 0.125 + (a + c + g + i) * 0.03125 + (b + d + f + h) * 0.0625 + (j + k + l + m) * 0.125;
    }
    if (all(lessThan(uvec2(p), uvec2(imageSize(dst))))) {
        imageStore(dst, p, vec4(result, 1.0));
    }
}
