#version 450
#extension GL_EXT_control_flow_attributes : require
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0) uniform texture2D color_tex;
layout(set = 0, binding = 1) uniform texture2D history_tex;
layout(set = 0, binding = 2) uniform texture2D motion_tex;
layout(set = 0, binding = 3) uniform texture2D depth_tex;
layout(set = 0, binding = 4) uniform sampler linear_clamp;
layout(set = 0, binding = 5) uniform sampler point_clamp;
layout(set = 0, binding = 6, rgba16f) uniform writeonly image2D resolved;
layout(push_constant, std430) uniform taa_block {
    vec2 jitter;
    float feedback_min;
    float feedback_max;
    ivec2 resolution;
    vec2 inv_resolution;
    uint reset;
} taa;

vec3 rgb_to_ycocg(vec3 c) {
    return vec3(dot(c, vec3(0.25, 0.5, 0.25)), dot(c, vec3(0.5, 0.0, -0.5)), dot(c, vec3(-0.25, 0.5, -0.25)));
}

vec3 ycocg_to_rgb(vec3 c) {
    return vec3(c.x + c.y - c.z, c.x + c.z, c.x - c.y - c.z);
}

vec3 clip_aabb(vec3 lo, vec3 hi, vec3 p, vec3 q) {
    vec3 center = (hi + lo) * 0.5;
    vec3 extent = (hi - lo) * 0.5 + vec3(0.0001);
    vec3 v = q - center;
    vec3 unit = abs(v / extent);
    float m = max(unit.x, max(unit.y, unit.z));
    return m > 1.0 ? center + v / vec3(m) : q;
}

void main() {
    ivec2 local[9] = ivec2[9](ivec2(-1), ivec2(0, -1), ivec2(1, -1), ivec2(-1, 0), ivec2(0), ivec2(1, 0), ivec2(-1, 1), ivec2(0, 1), ivec2(1));
    ivec2 local_1[9] = ivec2[9](ivec2(-1), ivec2(0, -1), ivec2(1, -1), ivec2(-1, 0), ivec2(0), ivec2(1, 0), ivec2(-1, 1), ivec2(0, 1), ivec2(1));
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= taa.resolution.x || p.y >= taa.resolution.y) {
        return;
    }
    vec2 uv = (vec2(p) + vec2(0.5)) * taa.inv_resolution;
    int i = 0;
    uint v = 8u;
    bool v_1 = true;
    vec3 lo = vec3(1e30);
    vec3 hi = vec3(-1e30);
    vec3 m1 = vec3(0.0);
    vec3 m2 = vec3(0.0);
    float closest_depth = 1.0;
    ivec2 closest = ivec2(0);
    vec3 lo_1;
    vec3 hi_1;
    vec3 m1_1;
    vec3 m2_1;
    ivec2 closest_1;
    [[unroll]]
    while (true) {
        if (!v_1) {
            lo_1 = lo;
            hi_1 = hi;
            m1_1 = m1;
            m2_1 = m2;
            closest_1 = closest;
            break;
        }
        ivec2 t = local[min(uint(i), 8u)];
        ivec2 q = min(max(p + t, ivec2(0)), taa.resolution - ivec2(1));
        vec4 texel = texelFetch(color_tex, clamp(q, ivec2(0), textureSize(color_tex, 0) - 1), 0);
        vec3 c = rgb_to_ycocg(texel.xyz);
        vec3 lo_2 = min(lo, c);
        vec3 hi_2 = max(hi, c);
        vec3 m1_2 = m1 + c;
        vec3 m2_2 = m2 + c * c;
        float d = texelFetch(depth_tex, clamp(q, ivec2(0), textureSize(depth_tex, 0) - 1), 0).x;
        float closest_depth_1 = closest_depth;
        ivec2 closest_2 = closest;
        if (d < closest_depth) {
            ivec2 closest_3 = local_1[min(uint(i), 8u)];
            closest_depth_1 = d;
            closest_2 = closest_3;
        }
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        lo = lo_2;
        hi = hi_2;
        m1 = m1_2;
        m2 = m2_2;
        closest_depth = closest_depth_1;
        closest = closest_2;
    }
    vec3 mean = m1_1 / vec3(9.0);
    vec3 sigma = sqrt(max(m2_1 / vec3(9.0) - mean * mean, vec3(0.0)));
    vec3 lo_3 = max(lo_1, mean - sigma * 1.25);
    vec3 hi_3 = min(hi_1, mean + sigma * 1.25);
    vec4 texel_1 = textureLod(sampler2D(motion_tex, point_clamp), uv + vec2(closest_1) * taa.inv_resolution, 0.0);
    vec2 motion = texel_1.xy;
    vec2 prev_uv = uv - motion;
    vec4 texel_2 = texelFetch(color_tex, clamp(p, ivec2(0), textureSize(color_tex, 0) - 1), 0);
    vec3 current = rgb_to_ycocg(texel_2.xyz);
    vec4 texel_3 = textureLod(sampler2D(history_tex, linear_clamp), prev_uv, 0.0);
    vec3 history = rgb_to_ycocg(texel_3.xyz);
    vec3 history_1 = clip_aabb(lo_3, hi_3, current, history);
    bool offscreen = any(lessThan(prev_uv, vec2(0.0))) || any(greaterThan(prev_uv, vec2(1.0)));
    float lum_diff = abs(current.x - history_1.x) / max(current.x, max(history_1.x, 0.2));
    float feedback = mix(taa.feedback_max, taa.feedback_min, lum_diff * lum_diff);
    float feedback_1 = feedback;
    if (offscreen || taa.reset != 0u) {
        feedback_1 = 0.0;
    }
    vec3 result = ycocg_to_rgb(mix(current, history_1, vec3(feedback_1)));
    if (all(lessThan(uvec2(p), uvec2(imageSize(resolved))))) {
        imageStore(resolved, p, vec4(result, 1.0));
    }
}
