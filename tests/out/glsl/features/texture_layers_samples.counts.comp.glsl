#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0) uniform texture2DArray layers;
layout(set = 0, binding = 1) uniform itexture2DArray ilayers;
layout(set = 0, binding = 2) uniform texture2DArray shadow_layers;
layout(set = 0, binding = 3) uniform sampler2DArray combined_layers;
layout(set = 0, binding = 5) uniform texture2DMS msaa;
layout(set = 0, binding = 6) uniform utexture2DMS umsaa;
layout(set = 0, binding = 7, std430) buffer out_block {
    ivec4 out_[];
};

void main() {
    out_[min(0u, uint(out_.length()) - 1u)] = ivec4(textureSize(layers, 0).z, textureSize(ilayers, 0).z, textureSize(shadow_layers, 0).z, textureSize(combined_layers, 0).z);
    out_[min(1u, uint(out_.length()) - 1u)] = ivec4(textureSamples(msaa), textureSamples(umsaa), textureSize(layers, 0).xy.x, textureQueryLevels(layers));
}
