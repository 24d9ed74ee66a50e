#version 450
// Reference for sample_layer_clamp.luma: GLSL's array layer coordinate, which Vulkan clamps
// into [0, layers - 1] after rounding.
layout(local_size_x = 5) in;
layout(set = 0, binding = 0) uniform texture2DArray layers;
layout(set = 0, binding = 1) uniform sampler samp;
layout(set = 0, binding = 2) uniform sampler2DArray combined;
layout(set = 0, binding = 4) uniform texture2DArray depths;
layout(set = 0, binding = 5) uniform samplerShadow cmp;
layout(set = 0, binding = 6, std430) buffer Ls { int ls[]; };
layout(set = 0, binding = 7, std430) buffer Out { vec4 outv[]; };
void main() {
    uint lid = gl_LocalInvocationIndex;
    float l = float(ls[lid]);
    vec2 c = vec2(0.5);
    vec4 g = textureGather(sampler2DArray(layers, samp), vec3(c, l));
    outv[lid * 2u] = vec4(textureLod(sampler2DArray(layers, samp), vec3(c, l), 0.0).x,
                          textureGrad(sampler2DArray(layers, samp), vec3(c, l), vec2(0.0), vec2(0.0)).x,
                          g.x, textureLod(combined, vec3(c, l), 0.0).x);
    outv[lid * 2u + 1u] = vec4(textureGrad(sampler2DArrayShadow(depths, cmp), vec4(c, l, 0.6), vec2(0.0), vec2(0.0)), 0.0, 0.0, 0.0);
}
