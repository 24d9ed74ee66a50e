#version 450

layout(location = 0) in vec2 uv;
layout(location = 1) flat in uint layer;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0) uniform texture2D decals[4];
layout(set = 0, binding = 1) uniform sampler samp;

void main() {
    vec4 texel = textureLod(sampler2D(decals[min(layer & 7u, 3u)], samp), uv, 0.0);
    vec4 texel_1 = textureLod(sampler2D(decals[3u], samp), uv, 0.0);
    color = texel + texel_1;
}
