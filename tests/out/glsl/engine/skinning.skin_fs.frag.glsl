#version 450

layout(location = 0) in vec3 normal;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec4 color;

void main() {
    float l = max(dot(normalize(normal), normalize(vec3(0.3, 1.0, 0.5))), 0.0);
    color = vec4(vec3(0.2 + 0.8 * l) * vec3(uv, 1.0), 1.0);
}
