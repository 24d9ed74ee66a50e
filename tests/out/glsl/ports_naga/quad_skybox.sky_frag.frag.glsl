#version 450

layout(location = 0) in vec3 uv;
layout(location = 0) out vec4 color;

layout(set = 1, binding = 1) uniform textureCube r_texture;
layout(set = 1, binding = 2) uniform sampler r_sampler;

void main() {
    vec4 texel = texture(samplerCube(r_texture, r_sampler), uv);
    color = texel;
}
