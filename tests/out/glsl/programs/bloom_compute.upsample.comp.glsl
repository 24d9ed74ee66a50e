#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0) uniform texture2D src;
layout(set = 0, binding = 1) uniform sampler lin;
layout(set = 0, binding = 2, rgba16f) uniform writeonly image2D dst;
layout(set = 0, binding = 3) uniform texture2D prev_mip;
layout(push_constant, std430) uniform pass_block {
    float src_lod;
    float threshold;
    float radius;
    uint first;
} pass_;

vec3 tap(vec2 uv, vec2 o, vec2 texel) {
    vec4 texel_1 = textureLod(sampler2D(src, lin), uv + o * texel, pass_.src_lod);
    return texel_1.xyz;
}

void main() {
    ivec2 out_size = imageSize(dst);
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= out_size.x || p.y >= out_size.y) {
        return;
    }
    vec2 uv = (vec2(p) + vec2(0.5)) / vec2(out_size);
    vec2 r = vec2(pass_.radius);
    vec3 tap_1 = tap(uv, vec2(0.0), r);
    vec3 sum = tap_1 * 4.0;
    vec3 tap_2 = tap(uv, vec2(-1.0, 0.0), r);
    vec3 tap_3 = tap(uv, vec2(1.0, 0.0), r);
    vec3 tap_4 = tap(uv, vec2(0.0, -1.0), r);
    vec3 tap_5 = tap(uv, vec2(0.0, 1.0), r);
    vec3 sum_1 = sum + (tap_2 + tap_3 + tap_4 + tap_5) * 2.0;
    vec3 tap_6 = tap(uv, vec2(-1.0), r);
    vec3 tap_7 = tap(uv, vec2(1.0, -1.0), r);
    vec3 tap_8 = tap(uv, vec2(-1.0, 1.0), r);
    vec3 tap_9 = tap(uv, vec2(1.0), r);
    vec3 sum_2 = sum_1 + (tap_6 + tap_7 + tap_8 + tap_9);
    vec4 prev = texelFetch(prev_mip, clamp(p, ivec2(0), textureSize(prev_mip, 0) - 1), 0);
    if (all(lessThan(uvec2(p), uvec2(imageSize(dst))))) {
        imageStore(dst, p, vec4(prev.xyz + sum_2 / vec3(16.0), 1.0));
    }
}
