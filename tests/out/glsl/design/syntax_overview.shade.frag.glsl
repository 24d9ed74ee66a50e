#version 450

layout(location = 0) in vec2 uv;
layout(location = 1) in vec3 normal;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 1) uniform sampler2D material_tex;

void main() {
    vec4 albedo = texture(material_tex, uv);
    vec3 n = normalize(normal);
    float light = max(dot(n, vec3(0.0, 0.6, 0.8)), 0.0);
    color = vec4(albedo.xyz * light, albedo.w);
}
