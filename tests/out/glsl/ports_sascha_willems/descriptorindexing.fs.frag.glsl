#version 450
#extension GL_EXT_nonuniform_qualifier : require

layout(location = 0) in vec2 uv;
layout(location = 1) flat in int tex_index;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 1) uniform texture2D textures[16];
layout(set = 0, binding = 2) uniform sampler samp;

void main() {
    vec4 texel = texture(nonuniformEXT(sampler2D(textures[nonuniformEXT(min(uint(tex_index), 15u))], samp)), uv);
    color = texel;
}
