#version 450

struct Light {
    vec4 position;
    vec4 color;
    vec4 params;
};

struct Surface {
    vec3 albedo;
    float metallic;
    float roughness;
    vec3 normal;
    vec3 view;
};

layout(location = 0) in vec3 world_pos;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec4 tangent;
layout(location = 3) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
    vec4 position;
} camera;
layout(set = 0, binding = 1, std140) uniform scene_block {
    Light lights[8];
    int light_count;
    float ambient;
    float exposure;
} scene;
layout(set = 2, binding = 0) uniform sampler2D base_color_tex;
layout(set = 2, binding = 2) uniform sampler2D normal_tex;
layout(set = 2, binding = 4) uniform sampler2D metal_rough_tex;
layout(set = 2, binding = 6) uniform samplerCube irradiance;

float distribution_ggx(float n_dot_h, float roughness) {
    float a = roughness * roughness;
    float a2 = a * a;
    float d = n_dot_h * n_dot_h * (a2 - 1.0) + 1.0;
    return a2 / (3.1415927 * d * d);
}

float geometry_smith(float n_dot_v, float n_dot_l, float roughness) {
    float r = roughness + 1.0;
    float k = r * r / 8.0;
    float gv = n_dot_v / (n_dot_v * (1.0 - k) + k);
    float gl = n_dot_l / (n_dot_l * (1.0 - k) + k);
    return gv * gl;
}

vec3 fresnel_schlick(float cos_theta, vec3 f0) {
    return f0 + (vec3(1.0) - f0) * pow(clamp(1.0 - cos_theta, 0.0, 1.0), 5.0);
}

vec3 light_contribution(Surface s, Light light, vec3 world_pos_1) {
    vec3 l;
    float attenuation;
    if (light.position.w == 0.0) {
        vec4 t = light.position;
        l = normalize(-t.xyz);
        attenuation = 1.0;
    } else {
        vec4 t_1 = light.position;
        vec3 to_light = t_1.xyz - world_pos_1;
        float dist = length(to_light);
        float falloff = clamp(1.0 - pow(dist / light.params.x, 4.0), 0.0, 1.0);
        l = to_light / vec3(dist);
        attenuation = falloff * falloff / (dist * dist + 1.0);
    }
    vec3 h = normalize(s.view + l);
    float n_dot_l = max(dot(s.normal, l), 0.0);
    float n_dot_v = max(dot(s.normal, s.view), 0.0001);
    float n_dot_h = max(dot(s.normal, h), 0.0);
    vec3 f0 = mix(vec3(0.04), s.albedo, vec3(s.metallic));
    vec3 f = fresnel_schlick(max(dot(h, s.view), 0.0), f0);
    float d = distribution_ggx(n_dot_h, s.roughness);
    float g = geometry_smith(n_dot_v, n_dot_l, s.roughness);
    vec3 specular = f * (d * g / (4.0 * n_dot_v * n_dot_l + 0.0001));
    vec3 kd = (vec3(1.0) - f) * (1.0 - s.metallic);
    vec4 t_2 = light.color;
    vec3 radiance = t_2.xyz * light.color.w * attenuation;
    return (kd * s.albedo / vec3(3.1415927) + specular) * radiance * n_dot_l;
}

void main() {
    vec4 base = texture(base_color_tex, uv);
    vec4 mr = texture(metal_rough_tex, uv);
    vec4 texel = texture(normal_tex, uv);
    vec3 tn = texel.xyz * 2.0 - vec3(1.0);
    vec3 n = normalize(normal);
    vec3 t = normalize(tangent.xyz - n * dot(n, tangent.xyz));
    vec3 b = cross(n, t) * tangent.w;
    mat3 tbn = mat3(t, b, n);
    vec3 t_1 = base.xyz;
    vec3 t_2 = normalize(tbn * tn);
    vec4 position = camera.position;
    Surface surface = Surface(t_1, mr.z, clamp(mr.y, 0.04, 1.0), t_2, normalize(position.xyz - world_pos));
    int t_3 = scene.light_count - 1;
    int i = 0;
    uint v = uint(t_3) - 0u;
    bool v_1 = 0 <= t_3;
    uint v_2 = 0u;
    vec3 lit = vec3(0.0);
    vec3 lit_1;
    while (true) {
        if (!(v_2 < 8u)) {
            lit_1 = lit;
            break;
        }
        if (!v_1) {
            lit_1 = lit;
            break;
        }
        vec3 light_contribution_1 = light_contribution(surface, scene.lights[min(uint(i), 7u)], world_pos);
        vec3 lit_2 = lit + light_contribution_1;
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        lit = lit_2;
    }
    vec4 texel_1 = texture(irradiance, t_2);
    vec3 ambient = texel_1.xyz * t_1 * scene.ambient;
    vec3 hdr = (lit_1 + ambient) * scene.exposure;
    color = vec4(hdr, base.w);
}
