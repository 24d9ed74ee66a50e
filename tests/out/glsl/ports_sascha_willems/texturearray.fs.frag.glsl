#version 450

layout(location = 0) in vec3 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 1) uniform sampler2DArray sampler_array;

void main() {
    vec4 texel = texture(sampler_array, vec3(uv.xy, float(int(roundEven(uv.z)))));
    color = texel;
}
