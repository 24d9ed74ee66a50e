#version 450
#extension GL_EXT_samplerless_texture_functions : require

struct PointLight {
    vec4 position;
    vec4 color;
};

layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view;
    mat4 proj;
    mat4 view_proj;
    mat4 inv_view_proj;
    vec4 position;
    vec4 viewport;
} camera;
layout(set = 1, binding = 0, std430) readonly buffer light_list_block {
    uint count;
    uint pad0;
    uint pad1;
    uint pad2;
    PointLight lights[];
} light_list;
layout(set = 3, binding = 0) uniform texture2D gbuffer_albedo;
layout(set = 3, binding = 1) uniform texture2D gbuffer_normal;
layout(set = 3, binding = 2) uniform texture2D gbuffer_emissive;
layout(set = 3, binding = 3) uniform texture2D gbuffer_depth;

float luminance(vec3 c) {
    return dot(c, vec3(0.2126, 0.7152, 0.0722));
}

vec3 world_from_depth(vec2 uv, float depth) {
    vec4 ndc = vec4(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0, depth, 1.0);
    vec4 world = camera.inv_view_proj * ndc;
    return world.xyz / vec3(world.w);
}

float d_ggx(float n_dot_h, float roughness) {
    float a = roughness * roughness;
    float a2 = a * a;
    float d = n_dot_h * n_dot_h * (a2 - 1.0) + 1.0;
    return a2 / (3.1415927 * d * d);
}

float g_smith(float n_dot_v, float n_dot_l, float roughness) {
    float k = (roughness + 1.0) * (roughness + 1.0) / 8.0;
    return n_dot_v / (n_dot_v * (1.0 - k) + k) * (n_dot_l / (n_dot_l * (1.0 - k) + k));
}

vec3 f_schlick(float cos_theta, vec3 f0) {
    return f0 + (vec3(1.0) - f0) * pow(1.0 - clamp(cos_theta, 0.0, 1.0), 5.0);
}

vec3 brdf(vec3 n, vec3 v, vec3 l, vec3 albedo, float metallic, float roughness) {
    vec3 h = normalize(v + l);
    float n_dot_l = max(dot(n, l), 0.0);
    float n_dot_v = max(dot(n, v), 0.0001);
    vec3 f0 = mix(vec3(0.04), albedo, vec3(metallic));
    vec3 f = f_schlick(max(dot(h, v), 0.0), f0);
    float d_ggx_1 = d_ggx(max(dot(n, h), 0.0), roughness);
    float g_smith_1 = g_smith(n_dot_v, n_dot_l, roughness);
    vec3 specular = f * (d_ggx_1 * g_smith_1 / (4.0 * n_dot_v * n_dot_l + 0.0001));
    vec3 kd = (vec3(1.0) - f) * (1.0 - metallic);
    return (kd * albedo * 0.31830987 + specular) * n_dot_l;
}

vec3 shade_point_lights(vec3 p, vec3 n, vec3 v, vec3 albedo, float metallic, float roughness) {
    uint count = light_list.count;
    uint t = uint(light_list.lights.length());
    uint count_1 = min(count, uint(int(t)));
    uint i = 1u;
    uint v_1 = count_1 - 1u;
    bool v_2 = 1u <= count_1;
    uint v_3 = 0u;
    vec3 total = vec3(0.0);
    vec3 total_1;
    while (true) {
        if (!(v_3 < 1024u)) {
            total_1 = total;
            break;
        }
        if (!v_2) {
            total_1 = total;
            break;
        }
        PointLight light = light_list.lights[min(i - 1u, uint(light_list.lights.length()) - 1u)];
        vec4 t_1 = light.position;
        vec3 to_light = t_1.xyz - p;
        float dist = length(to_light);
        float falloff = clamp(1.0 - dist / light.position.w, 0.0, 1.0);
        vec4 t_2 = light.color;
        vec3 radiance = t_2.xyz * light.color.w * falloff * falloff;
        vec3 brdf_1 = brdf(n, v, to_light / vec3(dist), albedo, metallic, roughness);
        vec3 total_2 = total + brdf_1 * radiance;
        bool next_v = v_1 != 0u;
        i = i + 1u;
        v_1 = v_1 - 1u;
        v_2 = next_v;
        v_3 = v_3 + 1u;
        total = total_2;
    }
    return total_1;
}

void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy);
    vec4 albedo_metal = texelFetch(gbuffer_albedo, clamp(pixel, ivec2(0), textureSize(gbuffer_albedo, 0) - 1), 0);
    vec4 normal_rough = texelFetch(gbuffer_normal, clamp(pixel, ivec2(0), textureSize(gbuffer_normal, 0) - 1), 0);
    vec4 texel = texelFetch(gbuffer_emissive, clamp(pixel, ivec2(0), textureSize(gbuffer_emissive, 0) - 1), 0);
    vec3 emissive = texel.xyz;
    float depth = texelFetch(gbuffer_depth, clamp(pixel, ivec2(0), textureSize(gbuffer_depth, 0) - 1), 0).x;
    vec4 viewport = camera.viewport;
    vec2 uv = gl_FragCoord.xy * viewport.zw;
    vec3 p = world_from_depth(uv, depth);
    vec3 n = normalize(normal_rough.xyz * 2.0 - vec3(1.0));
    vec4 position = camera.position;
    vec3 v = normalize(position.xyz - p);
    vec3 lit = shade_point_lights(p, n, v, albedo_metal.xyz, albedo_metal.w, normal_rough.w);
    float luminance_1 = luminance(emissive);
    float glow = max(luminance_1 - 1.0, 0.0) * 0.31830987;
    color = vec4(lit + emissive + albedo_metal.xyz * glow, 1.0);
}
