#version 450

layout(location = 0) in vec2 uv;
layout(location = 1) in vec3 normal;
layout(location = 0) out vec4 color;

void main() {
    vec3 n = normalize(normal);
    color = vec4(n * 0.5 + vec3(0.5), 1.0) * vec4(uv, 1.0, 1.0);
}
