#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 1) uniform sampler2D material_tex;

void main() {
    vec4 texel = texture(material_tex, uv);
    color = texel;
}
