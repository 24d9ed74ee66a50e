#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(set = 0, binding = 0, std140) uniform material_block {
    vec4 base_color;
    float roughness;
    float metallic;
    int layer;
    int decal;
    vec4 fog_extent;
    vec4 point_light;
    mat4 spot_shadow_matrix;
    vec4 camera_position;
    float prefiltered_levels;
    int sample_count;
} material;
layout(set = 0, binding = 14) uniform texture2DMS depth_ms;

void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy);
    int t = material.sample_count - 1;
    int s = 0;
    uint v = uint(t) - 0u;
    bool v_1 = 0 <= t;
    uint v_2 = 0u;
    float closest = 1.0;
    float closest_1;
    while (true) {
        if (!(v_2 < 16u)) {
            closest_1 = closest;
            break;
        }
        if (!v_1) {
            closest_1 = closest;
            break;
        }
        float closest_2 = min(closest, texelFetch(depth_ms, clamp(pixel, ivec2(0), textureSize(depth_ms) - 1), clamp(s, 0, textureSamples(depth_ms) - 1)).x);
        bool next_v = v != 0u;
        s = s + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        closest = closest_2;
    }
    gl_FragDepth = closest_1;
}
