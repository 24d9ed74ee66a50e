#version 450

struct Varyings {
    vec4 clip;
    vec3 normal;
    vec3 color;
    vec2 uv;
    vec3 view_vec;
    vec3 light_vec;
};

layout(constant_id = 0) const int LIGHTING_MODEL = 0;
layout(constant_id = 1) const float PARAM_TOON_DESATURATION = 0.0;

layout(location = 0) in vec3 normal;
layout(location = 1) in vec3 color;
layout(location = 2) in vec2 uv;
layout(location = 3) in vec3 view_vec;
layout(location = 4) in vec3 light_vec;
layout(location = 0) out vec4 color_1;

layout(set = 0, binding = 1) uniform sampler2D sampler_colormap;

vec4 phong(Varyings f) {
    vec3 ambient = f.color * vec3(0.25);
    vec3 n = normalize(f.normal);
    vec3 l = normalize(f.light_vec);
    vec3 v = normalize(f.view_vec);
    vec3 r = reflect(-l, n);
    vec3 diffuse = f.color * max(dot(n, l), 0.0);
    vec3 specular = vec3(0.75) * pow(max(dot(r, v), 0.0), 32.0);
    return vec4(ambient + diffuse * 1.75 + specular, 1.0);
}

vec4 toon(Varyings f) {
    vec3 n = normalize(f.normal);
    vec3 l = normalize(f.light_vec);
    float intensity = dot(n, l);
    float shade = intensity > 0.98 ? 1.5 : (intensity > 0.9 ? 1.0 : (intensity > 0.5 ? 0.6 : (intensity > 0.25 ? 0.4 : 0.2)));
    vec3 color_2 = f.color * shade;
    vec3 color_3 = mix(color_2, vec3(dot(vec3(0.2126, 0.7152, 0.0722), color_2)), vec3(PARAM_TOON_DESATURATION));
    return vec4(color_3, 1.0);
}

vec4 textured(Varyings f, vec4 texel) {
    vec4 color_2 = texel.xxxw;
    vec3 ambient = color_2.xyz * vec3(0.25) * f.color;
    vec3 n = normalize(f.normal);
    vec3 l = normalize(f.light_vec);
    vec3 v = normalize(f.view_vec);
    vec3 r = reflect(-l, n);
    vec3 diffuse = color_2.xyz * max(dot(n, l), 0.0);
    float specular = pow(max(dot(r, v), 0.0), 32.0) * color_2.w;
    return vec4(ambient + diffuse + vec3(specular), 1.0);
}

void main() {
    Varyings f = Varyings(vec4(0.0), normal, color, uv, view_vec, light_vec);
    vec4 texel = texture(sampler_colormap, uv);
    if (LIGHTING_MODEL == 0) {
        vec4 phong_1 = phong(f);
        color_1 = phong_1;
        return;
    } else if (LIGHTING_MODEL == 1) {
        vec4 toon_1 = toon(f);
        color_1 = toon_1;
        return;
    }
    vec4 textured_1 = textured(f, texel);
    color_1 = textured_1;
}
