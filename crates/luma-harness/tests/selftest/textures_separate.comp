#version 450
// Self-test: separate textures and samplers (the layout of Luma's SPIR-V, HLSL and WGSL),
// including a comparison sampler and a texture array, bound from the same spec data shape.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform texture2D t2d;
layout(set = 0, binding = 1) uniform sampler s_nearest;
layout(set = 0, binding = 2) uniform texture2D tlin;
layout(set = 0, binding = 3) uniform sampler s_linear;
layout(set = 0, binding = 4) uniform texture2D tdepth;
layout(set = 0, binding = 5) uniform samplerShadow s_less;
layout(set = 0, binding = 6) uniform texture2D tarr[2];
layout(set = 1, binding = 0, std430) buffer Out {
    vec4 nearest;
    float linear;
    float shadow0;
    float shadow1;
    float arr1;
} o;
void main() {
    o.nearest = textureLod(sampler2D(t2d, s_nearest), vec2(0.25, 0.75), 0.0);
    o.linear = textureLod(sampler2D(tlin, s_linear), vec2(0.5, 0.25), 0.0).r;
    o.shadow0 = textureLod(sampler2DShadow(tdepth, s_less), vec3(0.25, 0.5, 0.5), 0.0);
    o.shadow1 = textureLod(sampler2DShadow(tdepth, s_less), vec3(0.75, 0.5, 0.5), 0.0);
    o.arr1 = texelFetch(sampler2D(tarr[1], s_nearest), ivec2(1, 0), 0).r;
}
