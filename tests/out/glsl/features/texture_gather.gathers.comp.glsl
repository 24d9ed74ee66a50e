#version 450

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0) uniform texture2D tex2d;
layout(set = 0, binding = 1) uniform texture3D tex3d;
layout(set = 0, binding = 2) uniform textureCube tex_cube;
layout(set = 0, binding = 3) uniform texture2DArray tex_array;
layout(set = 0, binding = 4) uniform itexture2D itex;
layout(set = 0, binding = 5) uniform utexture2DArray utex_array;
layout(set = 0, binding = 6) uniform texture2D depth2d;
layout(set = 0, binding = 7) uniform texture2DArray depth_array;
layout(set = 0, binding = 8) uniform sampler samp;
layout(set = 0, binding = 9) uniform samplerShadow cmp;
layout(set = 0, binding = 10) uniform sampler2D c2d;
layout(set = 0, binding = 12) uniform sampler2DArrayShadow carray_shadow;
layout(set = 0, binding = 14, std430) buffer out_f_block {
    vec4 out_f[];
};
layout(set = 0, binding = 15, std430) buffer out_i_block {
    ivec4 out_i[];
};

void main() {
    vec2 uv = vec2(gl_GlobalInvocationID.xy) / vec2(8.0);
    int layer = int(gl_GlobalInvocationID.z);
    vec3 dir = vec3(uv, 1.0);
    vec4 texel = textureGather(sampler2D(tex2d, samp), uv, 0);
    vec4 texel_1 = textureGather(sampler2D(tex2d, samp), uv, 1);
    vec4 texel_2 = textureGather(sampler2D(tex2d, samp), uv, 2);
    vec4 texel_3 = textureGather(sampler2D(tex2d, samp), uv, 3);
    vec4 g0 = texel + texel_1 + texel_2 + texel_3;
    vec4 texel_4 = textureGather(sampler2DArray(tex_array, samp), vec3(uv, float(layer)), 1);
    vec4 texel_5 = textureGather(samplerCube(tex_cube, samp), dir, 3);
    vec4 texel_6 = textureGather(c2d, uv, 2);
    vec4 g1 = texel_4 + texel_5 + texel_6;
    vec4 texel_7 = textureGatherOffset(sampler2D(tex2d, samp), uv, ivec2(1, -1), 0);
    vec4 texel_8 = textureGatherOffset(sampler2D(tex2d, samp), uv, ivec2(-1, 0), 3);
    vec4 texel_9 = textureGatherOffset(sampler2DArray(tex_array, samp), vec3(uv, float(layer)), ivec2(7, -8), 0);
    vec4 g2 = texel_7 + texel_8 + texel_9;
    vec4 texel_10 = textureGather(sampler2DShadow(depth2d, cmp), uv, 0.5);
    vec4 texel_11 = textureGatherOffset(sampler2DArrayShadow(depth_array, cmp), vec3(uv, float(layer)), 0.75, ivec2(0, 1));
    vec4 texel_12 = textureGather(carray_shadow, vec3(uv, float(layer)), 0.5);
    vec4 d1 = texel_10 + texel_11 + texel_12;
    ivec4 texel_13 = textureGatherOffset(isampler2D(itex, samp), uv, ivec2(1), 2);
    uvec4 texel_14 = textureGather(usampler2DArray(utex_array, samp), vec3(uv, float(layer)), 3);
    ivec4 i0 = texel_13 + ivec4(texel_14);
    vec4 texel_15 = textureLodOffset(sampler2D(tex2d, samp), uv, 1.0, ivec2(1, 0));
    vec4 texel_16 = textureLodOffset(sampler3D(tex3d, samp), vec3(uv, 0.5), 0.0, ivec3(-1, 0, 1));
    vec4 texel_17 = textureLodOffset(sampler2DArray(tex_array, samp), vec3(uv, float(layer)), 0.0, ivec2(0, -2));
    vec4 o0 = texel_15 + texel_16 + texel_17;
    vec4 texel_18 = textureGradOffset(sampler2D(tex2d, samp), uv, vec2(0.01), vec2(0.0), ivec2(-1, 0));
    vec4 texel_19 = textureGradOffset(sampler3D(tex3d, samp), vec3(uv, 0.5), vec3(0.0), vec3(0.0), ivec3(7));
    vec4 o1 = texel_18 + texel_19;
    float texel_20 = textureLodOffset(sampler2D(depth2d, samp), uv, 0.0, ivec2(3, 4)).x;
    float texel_21 = textureLodOffset(sampler2DShadow(depth2d, cmp), vec3(uv, 0.5), 0.0, ivec2(-8, 7));
    float texel_22 = textureGradOffset(sampler2DArrayShadow(depth_array, cmp), vec4(uv, float(layer), 0.5), vec2(0.0), vec2(0.0), ivec2(1, 0));
    float o2 = texel_20 + texel_21 + texel_22;
    out_f[min(gl_GlobalInvocationID.x, uint(out_f.length()) - 1u)] = g0 + g1 + g2 + d1 + o0 + o1 + vec4(o2);
    out_i[min(gl_GlobalInvocationID.x, uint(out_i.length()) - 1u)] = i0;
}
