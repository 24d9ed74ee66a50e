#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform textureCube cube;
layout(set = 0, binding = 1) uniform texture2DArray arr;
layout(set = 0, binding = 2) uniform texture3D vol;
layout(set = 0, binding = 3) uniform texture2D mips;
layout(set = 0, binding = 4) uniform sampler samp;
layout(set = 0, binding = 5) uniform itexture2DArray iarr;
layout(set = 0, binding = 6) uniform utexture3D uvol;
layout(set = 0, binding = 7) uniform texture2DArray shadow_arr;
layout(set = 0, binding = 8) uniform textureCube shadow_cube;
layout(set = 0, binding = 9, std430) buffer B9 { vec4 outv[]; };
layout(set = 0, binding = 10, std430) buffer B10 { ivec4 iout[]; };
void main() {
    iout[0] = ivec4(textureSize(samplerCube(cube, samp), 0), textureSize(samplerCube(cube, samp), 1));
    iout[1] = ivec4(textureSize(samplerCube(cube, samp), 2), textureQueryLevels(samplerCube(cube, samp)), textureSize(samplerCube(cube, samp), 0).x);
    iout[2] = ivec4(textureSize(sampler2DArray(arr, samp), 1).xy, textureQueryLevels(sampler2DArray(arr, samp)), textureSize(sampler2DArray(arr, samp), 0).y);
    iout[3] = ivec4(textureSize(sampler3D(vol, samp), 1), textureQueryLevels(sampler3D(vol, samp)));
    iout[4] = ivec4(texelFetch(isampler2DArray(iarr, samp), ivec3(1, 0, 1), 0).x, texelFetch(isampler2DArray(iarr, samp), ivec3(0, 1, 0), 0).x, int(texelFetch(usampler3D(uvol, samp), ivec3(1, 0, 1), 0).x), texelFetch(isampler2DArray(iarr, samp), ivec3(1, 1, 1), 0).w);
    iout[5] = ivec4(textureSize(sampler2DArray(shadow_arr, samp), 0).xy, textureQueryLevels(sampler2DArray(shadow_arr, samp)), textureSize(samplerCube(shadow_cube, samp), 0).x);
    vec2 c = vec2(0.5);
    outv[0] = vec4(textureGrad(sampler2D(mips, samp), c, vec2(0.25, 0.0), vec2(0.0, 0.25)).x, textureGrad(sampler2D(mips, samp), c, vec2(0.5, 0.0), vec2(0.0, 0.5)).x, textureGrad(sampler2D(mips, samp), c, vec2(1.0, 0.0), vec2(0.0, 1.0)).x, textureGrad(sampler2D(mips, samp), c, vec2(0.0), vec2(0.0)).x);
    outv[1] = vec4(textureGrad(sampler2DArray(arr, samp), vec3(c, 2.0), vec2(0.125, 0.0), vec2(0.0, 0.25)).x, textureGrad(sampler2DArray(arr, samp), vec3(c, 1.0), vec2(0.25, 0.0), vec2(0.0, 0.5)).x, textureGrad(sampler3D(vol, samp), vec3(0.5), vec3(0.5, 0.0, 0.0), vec3(0.0, 0.5, 0.0)).x, textureGrad(sampler3D(vol, samp), vec3(0.5), vec3(0.25, 0.0, 0.0), vec3(0.0, 0.0, 0.5)).x);
}
