#version 450

struct SkinVarying {
    vec4 clip;
    vec3 normal;
    vec4 tangent;
    vec2 uv;
};

struct skinned_fs_out {
    vec4 color;
};

layout(location = 0) in vec3 normal;
layout(location = 1) in vec4 tangent;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec4 color;

void main() {
    SkinVarying input_ = SkinVarying(vec4(0.0), normal, tangent, uv);
    vec3 n = normalize(input_.normal);
    vec4 t = input_.tangent;
    vec4 t_1 = input_.tangent;
    vec3 t_2 = normalize(t.xyz - n * dot(n, t_1.xyz));
    vec3 b = cross(n, t_2) * input_.tangent.w;
    vec3 light = normalize(vec3(0.3, 1.0, 0.5));
    float shade = max(dot(n, light), 0.0) * 0.8 + 0.2;
    color = skinned_fs_out(vec4(vec3(shade) + b * 0.001, 1.0)).color;
}
