#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(set = 0, binding = 0) uniform texture2DArray layers;
layout(set = 0, binding = 3) uniform sampler2DArray combined_layers;
layout(set = 0, binding = 5) uniform texture2DMS msaa;

void main() {
    vec4 texel = textureLod(combined_layers, vec3(vec2(0.5), float(0)), 0.0);
    gl_Position = vec4(float(textureSize(layers, 0).z), float(textureSamples(msaa)), texel.x, 1.0);
}
