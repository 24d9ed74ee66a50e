#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 1) uniform texture2D tex;
layout(set = 0, binding = 2) uniform sampler samp;

void main() {
    vec4 texel = texture(sampler2D(tex, samp), uv);
    color = texel;
}
