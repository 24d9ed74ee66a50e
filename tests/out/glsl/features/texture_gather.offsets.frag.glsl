#version 450

layout(location = 0) in vec2 uv;
layout(location = 1) in vec3 dir;
layout(location = 2) in vec3 uvw;
layout(location = 3) flat in int layer;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0) uniform texture2D tex2d;
layout(set = 0, binding = 1) uniform texture3D tex3d;
layout(set = 0, binding = 2) uniform textureCube tex_cube;
layout(set = 0, binding = 3) uniform texture2DArray tex_array;
layout(set = 0, binding = 6) uniform texture2D depth2d;
layout(set = 0, binding = 7) uniform texture2DArray depth_array;
layout(set = 0, binding = 8) uniform sampler samp;
layout(set = 0, binding = 9) uniform samplerShadow cmp;
layout(set = 0, binding = 10) uniform sampler2D c2d;
layout(set = 0, binding = 12) uniform sampler2DArrayShadow carray_shadow;

void main() {
    vec4 texel = textureOffset(sampler2D(tex2d, samp), uv, ivec2(1, 2));
    vec4 texel_1 = textureOffset(sampler3D(tex3d, samp), uvw, ivec3(0, 0, -1));
    vec4 texel_2 = textureOffset(sampler2DArray(tex_array, samp), vec3(uv, float(layer)), ivec2(-3, 0));
    vec4 texel_3 = textureOffset(c2d, uv, ivec2(-1, 0));
    vec4 s0 = texel + texel_1 + texel_2 + texel_3;
    vec4 texel_4 = textureOffset(sampler2D(tex2d, samp), uv, ivec2(1), 0.5);
    vec4 texel_5 = textureOffset(sampler3D(tex3d, samp), uvw, ivec3(1, 0, 0), -1.0);
    vec4 texel_6 = textureOffset(sampler2DArray(tex_array, samp), vec3(uv, float(layer)), ivec2(0, 1), 1.0);
    vec4 s1 = texel_4 + texel_5 + texel_6;
    float texel_7 = textureOffset(sampler2D(depth2d, samp), uv, ivec2(1, 0)).x;
    float texel_8 = textureOffset(sampler2DShadow(depth2d, cmp), vec3(uv, 0.5), ivec2(0, 1));
    float texel_9 = textureOffset(sampler2DArrayShadow(depth_array, cmp), vec4(uv, float(layer), 0.25), ivec2(-1));
    float texel_10 = textureOffset(carray_shadow, vec4(uv, float(layer), 0.5), ivec2(2, 0));
    float d = texel_7 + texel_8 + texel_9 + texel_10;
    vec4 texel_11 = textureGather(samplerCube(tex_cube, samp), dir, 1);
    vec4 texel_12 = textureGatherOffset(sampler2DShadow(depth2d, cmp), uv, 0.5, ivec2(-1, 1));
    vec4 g = texel_11 + texel_12;
    color = s0 + s1 + g + vec4(d);
}
