#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(location = 0) in vec2 uv;
layout(location = 1) in vec3 dir;
layout(location = 2) flat in int layer;
layout(location = 0) out vec4 color;
layout(location = 1) out uvec4 texel;
layout(location = 2) out ivec2 size;

layout(set = 0, binding = 0) uniform texture2D tex2d;
layout(set = 0, binding = 1) uniform sampler samp;
layout(set = 0, binding = 2) uniform samplerShadow cmp;
layout(set = 0, binding = 3) uniform texture2D depth2d;
layout(set = 0, binding = 4) uniform textureCube depth_cube;
layout(set = 0, binding = 5) uniform texture2DArray depth_array;
layout(set = 0, binding = 6) uniform texture2DArray tex_array;
layout(set = 0, binding = 7) uniform texture2DMS tex_ms;
layout(set = 0, binding = 8) uniform utexture2D utex;
layout(set = 1, binding = 0) uniform sampler2D c2d;
layout(set = 1, binding = 2) uniform sampler2DShadow cshadow;
layout(set = 0, binding = 9) uniform texture3D tex3d;
layout(set = 0, binding = 10) uniform textureCube tex_cube;
layout(set = 1, binding = 4) uniform sampler2DArray carray;

void main() {
    vec4 s0 = texture(sampler2D(tex2d, samp), uv);
    vec4 s1 = textureOffset(sampler2D(tex2d, samp), uv, ivec2(1), 0.5);
    vec4 s2 = textureLod(sampler2DArray(tex_array, samp), vec3(uv, float(layer)), 2.0);
    vec4 s3 = textureGrad(samplerCube(tex_cube, samp), dir, vec3(0.0), vec3(0.0));
    vec4 s4 = textureLod(sampler3D(tex3d, samp), dir, 0.0);
    float d0 = texture(sampler2D(depth2d, samp), uv).x;
    float d1 = texture(sampler2DShadow(depth2d, cmp), vec3(uv, 0.5));
    float d2 = textureGrad(samplerCubeShadow(depth_cube, cmp), vec4(dir, 0.5), vec3(0.0), vec3(0.0));
    float d3 = texture(sampler2DArrayShadow(depth_array, cmp), vec4(uv, float(layer), 0.5));
    float d4 = textureGrad(sampler2DArrayShadow(depth_array, cmp), vec4(uv, float(layer), 0.5), vec2(0.0), vec2(0.0));
    vec4 c0 = texture(c2d, uv);
    float c1 = textureLod(cshadow, vec3(uv, 0.5), 0.0);
    vec4 c2 = textureLod(carray, vec3(uv, float(layer)), 0.5);
    ivec2 t = ivec2(uv);
    vec4 f0 = texelFetch(tex2d, clamp(t, ivec2(0), textureSize(tex2d, 0) - 1), 0);
    vec4 f1 = texelFetch(tex_ms, clamp(t, ivec2(0), textureSize(tex_ms) - 1), clamp(1, 0, textureSamples(tex_ms) - 1));
    float f2 = texelFetch(depth2d, clamp(t, ivec2(0), textureSize(depth2d, 0) - 1), 0).x;
    vec4 f3 = texelFetch(c2d, clamp(t, ivec2(0), textureSize(c2d, clamp(1, 0, textureQueryLevels(c2d) - 1)) - 1), clamp(1, 0, textureQueryLevels(c2d) - 1));
    uvec4 u0 = texelFetch(utex, clamp(t, ivec2(0), textureSize(utex, 0) - 1), 0);
    ivec2 z0 = textureSize(tex2d, clamp(1, 0, textureQueryLevels(tex2d) - 1));
    ivec2 z1 = textureSize(tex_ms);
    ivec2 z2 = textureSize(tex_array, 0).xy;
    int n0 = textureQueryLevels(c2d);
    int n1 = textureSize(tex_array, 0).z;
    int n2 = textureSamples(tex_ms);
    color = (s0 + s1 + s2 + s3 + s4 + c0 + c2 + f0 + f1 + f3) * (d0 + d1 + d2 + d3 + d4 + c1 + f2);
    texel = u0;
    size = z0 + z1 + z2 + ivec2(n0 + n1 + n2);
}
