#version 450

layout(location = 0) in vec2 uv;
layout(location = 1) in vec4 color;
layout(location = 0) out vec4 color_1;

layout(set = 0, binding = 2) uniform sampler2D font_atlas;

void main() {
    vec4 texel = texture(font_atlas, uv);
    float coverage = texel.x;
    color_1 = vec4(color.xyz, color.w * coverage);
}
