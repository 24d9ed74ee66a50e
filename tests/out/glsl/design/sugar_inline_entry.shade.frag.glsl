#version 450

layout(location = 0) in vec2 uv;
layout(location = 1) in vec3 normal;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0) uniform sampler2D material_tex;

void main() {
    vec4 albedo = texture(material_tex, uv);
    color = vec4(albedo.xyz, 1.0);
}
