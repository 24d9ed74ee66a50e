#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require

struct Light {
    vec4 dir_intensity;
    vec4 color;
};

layout(location = 0) in vec2 uv;
layout(location = 1) in f16vec3 normal;
layout(location = 2) in f16vec3 view_dir;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
    vec4 eye;
    float exposure;
    float white;
} camera;
layout(set = 0, binding = 1, std140) uniform lights_block {
    Light lights[4];
};
layout(set = 0, binding = 2) uniform sampler2D albedo_map;

f16vec3 aces(f16vec3 x) {
    return clamp(x * (x * 2.5097656hf + f16vec3(0.02999878hf)) / (x * (x * 2.4296875hf + f16vec3(0.58984375hf)) + f16vec3(0.14001465hf)), 0.0hf, 1.0hf);
}

f16vec3 tonemap(f16vec3 color_1, float16_t exposure, float16_t white) {
    f16vec3 aces_1 = aces(color_1 * exposure);
    f16vec3 aces_2 = aces(f16vec3(white));
    f16vec3 mapped = aces_1 / aces_2;
    return pow(clamp(mapped, 0.0hf, 1.0hf), f16vec3(0.45458984hf));
}

float16_t ggx(f16vec3 n, f16vec3 v, f16vec3 l, float16_t roughness) {
    f16vec3 h = normalize(v + l);
    float16_t nh = max(dot(n, h), 0.0hf);
    float16_t a2 = roughness * roughness * roughness * roughness;
    float16_t k = nh * nh * (a2 - 1.0hf) + 1.0hf;
    return a2 / max(k * k, 0.000100016594hf);
}

void main() {
    f16vec3 n = normalize(normal);
    f16vec3 v = normalize(view_dir);
    vec4 texel = texture(albedo_map, uv);
    f16vec3 base = f16vec3(texel.xyz);
    f16vec3 lit = base * 0.02999878hf;
    int i = 0;
    uint v_1 = 3u;
    bool v_2 = true;
    f16vec3 lit_1 = lit;
    f16vec3 lit_2;
    while (true) {
        if (!v_2) {
            lit_2 = lit_1;
            break;
        }
        Light light = lights[min(uint(i), 3u)];
        vec4 t = light.dir_intensity;
        f16vec3 l = f16vec3(normalize(-t.xyz));
        float16_t ndl = max(dot(n, l), 0.0hf);
        vec4 t_1 = light.color;
        f16vec3 radiance = f16vec3(t_1.xyz) * float16_t(light.dir_intensity.w);
        float16_t ggx_1 = ggx(n, v, l, 0.5hf);
        f16vec3 brdf = base * 0.31835938hf + f16vec3(ggx_1 * 0.31835938hf * 0.040008545hf);
        f16vec3 lit_3 = lit_1 + brdf * radiance * ndl;
        bool next_v = v_1 != 0u;
        i = i + 1;
        v_1 = v_1 - 1u;
        v_2 = next_v;
        lit_1 = lit_3;
    }
    f16vec3 encoded = tonemap(lit_2, float16_t(camera.exposure), float16_t(camera.white));
    color = vec4(vec3(encoded), 1.0);
}
