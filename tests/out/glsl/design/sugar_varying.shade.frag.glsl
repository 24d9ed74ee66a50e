#version 450

struct Interpolated {
    vec4 position;
    vec2 uv;
    vec3 normal;
};

struct FragmentOutput {
    vec4 color;
};

layout(location = 0) in vec2 uv;
layout(location = 1) in vec3 normal;
layout(location = 0) out vec4 color;

void main() {
    Interpolated input_ = Interpolated(vec4(0.0), uv, normal);
    vec3 n = normalize(input_.normal);
    color = FragmentOutput(vec4(n * 0.5 + vec3(0.5), 1.0) * vec4(input_.uv, 1.0, 1.0)).color;
}
