#version 450
#extension GL_EXT_samplerless_texture_functions : require

struct FragIn {
    vec2 uv;
    vec3 dir;
    vec3 uvw;
    int layer;
};

struct textures_out {
    vec4 color;
    ivec4 ints;
    uvec4 uints;
};

layout(location = 0) in vec2 uv;
layout(location = 1) in vec3 dir;
layout(location = 2) in vec3 uvw;
layout(location = 3) flat in int layer;
layout(location = 0) out vec4 color;
layout(location = 1) out ivec4 ints;
layout(location = 2) out uvec4 uints;

layout(set = 0, binding = 0) uniform texture2D tex2d;
layout(set = 0, binding = 1) uniform texture3D tex3d;
layout(set = 0, binding = 2) uniform textureCube tex_cube;
layout(set = 0, binding = 3) uniform texture2DArray tex_array;
layout(set = 0, binding = 4) uniform texture2DMS tex_ms;
layout(set = 0, binding = 5) uniform itexture2D itex;
layout(set = 0, binding = 6) uniform utexture2D utex;
layout(set = 0, binding = 7) uniform itexture3D itex3d;
layout(set = 0, binding = 8) uniform utexture2DArray utex_array;
layout(set = 0, binding = 9) uniform texture2D depth2d;
layout(set = 0, binding = 10) uniform textureCube depth_cube;
layout(set = 0, binding = 11) uniform texture2DArray depth_array;
layout(set = 0, binding = 12) uniform sampler samp;
layout(set = 0, binding = 13) uniform samplerShadow cmp;
layout(set = 0, binding = 14) uniform sampler2D c2d;
layout(set = 0, binding = 16) uniform sampler3D c3d;
layout(set = 0, binding = 18) uniform samplerCube ccube;
layout(set = 0, binding = 20) uniform sampler2DArray carray;
layout(set = 0, binding = 22) uniform sampler2DShadow cshadow;
layout(set = 0, binding = 24) uniform samplerCubeShadow ccube_shadow;
layout(set = 0, binding = 26) uniform sampler2DArrayShadow carray_shadow;

void main() {
    FragIn input_ = FragIn(uv, dir, uvw, layer);
    vec2 uv_1 = input_.uv;
    vec3 dir_1 = input_.dir;
    vec3 uvw_1 = input_.uvw;
    int layer_1 = input_.layer;
    vec4 texel = texture(sampler2D(tex2d, samp), uv_1);
    vec4 texel_1 = texture(sampler3D(tex3d, samp), uvw_1);
    vec4 texel_2 = texture(samplerCube(tex_cube, samp), dir_1);
    vec4 texel_3 = texture(sampler2DArray(tex_array, samp), vec3(uv_1, float(layer_1)));
    vec4 s0 = texel + texel_1 + texel_2 + texel_3;
    vec4 texel_4 = texture(sampler2D(tex2d, samp), uv_1, 0.5);
    vec4 texel_5 = texture(samplerCube(tex_cube, samp), dir_1, -1.0);
    vec4 texel_6 = texture(sampler2DArray(tex_array, samp), vec3(uv_1, float(layer_1)), 1.0);
    vec4 s1 = texel_4 + texel_5 + texel_6;
    vec4 texel_7 = textureLod(sampler2D(tex2d, samp), uv_1, 2.0);
    vec4 texel_8 = textureLod(sampler3D(tex3d, samp), uvw_1, 0.0);
    vec4 texel_9 = textureLod(sampler2DArray(tex_array, samp), vec3(uv_1, float(layer_1)), 1.5);
    vec4 s2 = texel_7 + texel_8 + texel_9;
    vec2 t = dFdx(uv_1);
    vec2 t_1 = dFdy(uv_1);
    vec4 texel_10 = textureGrad(sampler2D(tex2d, samp), uv_1, t, t_1);
    vec4 texel_11 = textureGrad(samplerCube(tex_cube, samp), dir_1, vec3(0.01), vec3(0.02));
    vec4 texel_12 = textureGrad(sampler2DArray(tex_array, samp), vec3(uv_1, float(layer_1)), vec2(0.0), vec2(0.0));
    vec4 s3 = texel_10 + texel_11 + texel_12;
    float texel_13 = texture(sampler2D(depth2d, samp), uv_1).x;
    float texel_14 = textureLod(sampler2D(depth2d, samp), uv_1, 0.0).x;
    float depth = texel_13 + texel_14;
    float texel_15 = texture(sampler2DShadow(depth2d, cmp), vec3(uv_1, 0.5));
    float texel_16 = texture(samplerCubeShadow(depth_cube, cmp), vec4(dir_1, 0.25));
    float texel_17 = texture(sampler2DArrayShadow(depth_array, cmp), vec4(uv_1, float(layer_1), 0.75));
    float texel_18 = textureLod(sampler2DShadow(depth2d, cmp), vec3(uv_1, 0.5), 0.0);
    float shadow = texel_15 + texel_16 + texel_17 + texel_18;
    vec4 texel_19 = texture(c2d, uv_1);
    vec4 texel_20 = texture(c3d, uvw_1);
    vec4 texel_21 = texture(ccube, dir_1);
    vec4 texel_22 = texture(carray, vec3(uv_1, float(layer_1)));
    vec4 c0 = texel_19 + texel_20 + texel_21 + texel_22;
    vec4 texel_23 = texture(c2d, uv_1, 1.0);
    vec4 texel_24 = textureLod(ccube, dir_1, 3.0);
    vec4 texel_25 = textureGrad(c3d, uvw_1, vec3(0.0), vec3(0.0));
    vec4 texel_26 = textureLod(carray, vec3(uv_1, float(layer_1)), 0.0);
    vec4 c1 = texel_23 + texel_24 + texel_25 + texel_26;
    float texel_27 = texture(cshadow, vec3(uv_1, 0.5));
    float texel_28 = texture(ccube_shadow, vec4(dir_1, 0.5));
    float texel_29 = texture(carray_shadow, vec4(uv_1, float(layer_1), 0.5));
    float texel_30 = textureLod(cshadow, vec3(uv_1, 0.5), 0.0);
    float c_shadow = texel_27 + texel_28 + texel_29 + texel_30;
    ivec2 texel_31 = ivec2(uv_1 * 64.0);
    vec4 f0 = texelFetch(tex2d, clamp(texel_31, ivec2(0), textureSize(tex2d, 0) - 1), 0) + texelFetch(tex3d, clamp(ivec3(uvw_1 * 16.0), ivec3(0), textureSize(tex3d, clamp(1, 0, textureQueryLevels(tex3d) - 1)) - 1), clamp(1, 0, textureQueryLevels(tex3d) - 1)) + texelFetch(tex_array, clamp(ivec3(texel_31, layer_1), ivec3(0), textureSize(tex_array, 0) - 1), 0) + texelFetch(tex_ms, clamp(texel_31, ivec2(0), textureSize(tex_ms) - 1), clamp(3, 0, textureSamples(tex_ms) - 1)) + texelFetch(c2d, clamp(texel_31, ivec2(0), textureSize(c2d, clamp(1, 0, textureQueryLevels(c2d) - 1)) - 1), clamp(1, 0, textureQueryLevels(c2d) - 1));
    float fd = texelFetch(depth2d, clamp(texel_31, ivec2(0), textureSize(depth2d, 0) - 1), 0).x + texelFetch(depth_array, clamp(ivec3(texel_31, layer_1), ivec3(0), textureSize(depth_array, 0) - 1), 0).x;
    ivec4 fi = texelFetch(itex, clamp(texel_31, ivec2(0), textureSize(itex, 0) - 1), 0) + texelFetch(itex3d, clamp(ivec3(texel_31, 0), ivec3(0), textureSize(itex3d, 0) - 1), 0);
    uvec4 fu = texelFetch(utex, clamp(texel_31, ivec2(0), textureSize(utex, 0) - 1), 0) + texelFetch(utex_array, clamp(ivec3(texel_31, layer_1), ivec3(0), textureSize(utex_array, 0) - 1), 0);
    ivec2 sizes = textureSize(tex2d, 0) + textureSize(tex_cube, clamp(1, 0, textureQueryLevels(tex_cube) - 1)) + textureSize(tex_array, 0).xy + textureSize(tex_ms) + textureSize(itex, 0) + textureSize(depth2d, 0) + textureSize(c2d, 0) + textureSize(depth_cube, 0);
    ivec2 t_2 = textureSize(utex_array, 0).xy;
    ivec3 size3 = textureSize(tex3d, 0) + textureSize(c3d, clamp(1, 0, textureQueryLevels(c3d) - 1)) + t_2.xyy + textureSize(itex3d, 0);
    int levels = textureQueryLevels(tex2d) + textureQueryLevels(tex3d) + textureQueryLevels(tex_cube) + textureQueryLevels(tex_array) + textureQueryLevels(depth2d) + textureQueryLevels(ccube) + textureQueryLevels(itex);
    vec2 footprint = fwidth(uv_1);
    vec4 color_1 = s0 + s1 + s2 + s3 + c0 + c1 + f0 + vec4(depth + shadow + c_shadow + fd) + vec4(footprint, 0.0, 0.0);
    textures_out t_3 = textures_out(color_1, fi + ivec4(sizes, size3.xy) + ivec4(levels), fu + uvec4(uint(size3.z)));
    color = t_3.color;
    ints = t_3.ints;
    uints = t_3.uints;
}
