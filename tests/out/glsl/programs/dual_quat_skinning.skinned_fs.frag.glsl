#version 450

layout(location = 0) in vec3 normal;
layout(location = 1) in vec4 tangent;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec4 color;

void main() {
    vec3 n = normalize(normal);
    vec3 t = normalize(tangent.xyz - n * dot(n, tangent.xyz));
    vec3 b = cross(n, t) * tangent.w;
    vec3 light = normalize(vec3(0.3, 1.0, 0.5));
    float shade = max(dot(n, light), 0.0) * 0.8 + 0.2;
    color = vec4(vec3(shade) + b * 0.001, 1.0);
}
