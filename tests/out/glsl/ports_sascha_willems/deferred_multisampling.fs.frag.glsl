#version 450
#extension GL_EXT_samplerless_texture_functions : require

struct Light {
    vec4 position;
    vec3 color;
    float radius;
};

layout(constant_id = 0) const int NUM_SAMPLES = 8;

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 1) uniform texture2DMS sampler_position;
layout(set = 0, binding = 2) uniform texture2DMS sampler_normal;
layout(set = 0, binding = 3) uniform texture2DMS sampler_albedo;
layout(set = 0, binding = 4, std140) uniform ubo_block {
    Light lights[6];
    vec4 view_pos;
    int debug_display_target;
} ubo;

vec4 resolve_albedo(ivec2 uv_1) {
    int t = NUM_SAMPLES - 1;
    int i = 0;
    uint v = uint(t) - 0u;
    bool v_1 = 0 <= t;
    uint v_2 = 0u;
    vec4 result = vec4(0.0);
    vec4 result_1;
    while (true) {
        if (!(v_2 < 64u)) {
            result_1 = result;
            break;
        }
        if (!v_1) {
            result_1 = result;
            break;
        }
        vec4 result_2 = result + texelFetch(sampler_albedo, clamp(uv_1, ivec2(0), textureSize(sampler_albedo) - 1), clamp(i, 0, textureSamples(sampler_albedo) - 1));
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        result = result_2;
    }
    return result_1 / vec4(float(NUM_SAMPLES));
}

vec3 calculate_lighting(vec3 pos, vec3 normal, vec4 albedo) {
    int i = 0;
    uint v = 5u;
    bool v_1 = true;
    vec3 result = vec3(0.0);
    vec3 result_1;
    while (true) {
        if (!v_1) {
            result_1 = result;
            break;
        }
        Light light = ubo.lights[min(uint(i), 5u)];
        vec4 t = light.position;
        vec3 l = t.xyz - pos;
        float dist = length(l);
        vec4 view_pos = ubo.view_pos;
        vec3 v_2 = normalize(view_pos.xyz - pos);
        vec3 l_1 = normalize(l);
        float atten = light.radius / (pow(dist, 2.0) + 1.0);
        vec3 n = normalize(normal);
        float n_dot_l = max(0.0, dot(n, l_1));
        vec3 diff = light.color * albedo.xyz * n_dot_l * atten;
        vec3 r = reflect(-l_1, n);
        float n_dot_r = max(0.0, dot(r, v_2));
        vec3 spec = light.color * albedo.w * pow(n_dot_r, 8.0) * atten;
        vec3 result_2 = result + (diff + spec);
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        result = result_2;
    }
    return result_1;
}

void main() {
    ivec2 att_dim = textureSize(sampler_position);
    ivec2 texel = ivec2(uv * vec2(att_dim));
    int debug = ubo.debug_display_target;
    if (debug > 0) {
        vec3 rgb = vec3(0.0);
        if (debug == 1) {
            vec4 texel_1 = texelFetch(sampler_position, clamp(texel, ivec2(0), textureSize(sampler_position) - 1), clamp(0, 0, textureSamples(sampler_position) - 1));
            rgb = texel_1.xyz;
        } else if (debug == 2) {
            vec4 texel_2 = texelFetch(sampler_normal, clamp(texel, ivec2(0), textureSize(sampler_normal) - 1), clamp(0, 0, textureSamples(sampler_normal) - 1));
            rgb = texel_2.xyz;
        } else if (debug == 3) {
            vec4 texel_3 = texelFetch(sampler_albedo, clamp(texel, ivec2(0), textureSize(sampler_albedo) - 1), clamp(0, 0, textureSamples(sampler_albedo) - 1));
            rgb = texel_3.xyz;
        } else if (debug == 4) {
            vec4 texel_4 = texelFetch(sampler_albedo, clamp(texel, ivec2(0), textureSize(sampler_albedo) - 1), clamp(0, 0, textureSamples(sampler_albedo) - 1));
            rgb = texel_4.www;
        }
        color = vec4(rgb, 1.0);
        return;
    }
    vec4 alb = resolve_albedo(texel);
    int t = NUM_SAMPLES - 1;
    int i = 0;
    uint v = uint(t) - 0u;
    bool v_1 = 0 <= t;
    uint v_2 = 0u;
    vec3 frag_color = vec3(0.0);
    vec3 frag_color_1;
    while (true) {
        if (!(v_2 < 64u)) {
            frag_color_1 = frag_color;
            break;
        }
        if (!v_1) {
            frag_color_1 = frag_color;
            break;
        }
        vec4 texel_5 = texelFetch(sampler_position, clamp(texel, ivec2(0), textureSize(sampler_position) - 1), clamp(i, 0, textureSamples(sampler_position) - 1));
        vec3 pos = texel_5.xyz;
        vec4 texel_6 = texelFetch(sampler_normal, clamp(texel, ivec2(0), textureSize(sampler_normal) - 1), clamp(i, 0, textureSamples(sampler_normal) - 1));
        vec3 normal = texel_6.xyz;
        vec4 albedo = texelFetch(sampler_albedo, clamp(texel, ivec2(0), textureSize(sampler_albedo) - 1), clamp(i, 0, textureSamples(sampler_albedo) - 1));
        vec3 calculate_lighting_1 = calculate_lighting(pos, normal, albedo);
        vec3 frag_color_2 = frag_color + calculate_lighting_1;
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        frag_color = frag_color_2;
    }
    vec3 frag_color_3 = alb.xyz * 0.15 + frag_color_1 / vec3(float(NUM_SAMPLES));
    color = vec4(frag_color_3, 1.0);
}
