#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform texture2D rgba;
layout(set = 0, binding = 1) uniform texture2D hdr;
layout(set = 0, binding = 2) uniform texture2D mips;
layout(set = 0, binding = 3) uniform itexture2D ints;
layout(set = 0, binding = 4) uniform utexture2D uints;
layout(set = 0, binding = 5) uniform texture2DArray layers;
layout(set = 0, binding = 6) uniform texture3D volume;
layout(set = 0, binding = 7, std430) buffer B7 { vec4 o[]; };
layout(set = 0, binding = 8, std430) buffer B8 { ivec4 iout[]; };
// texelFetch needs a sampler type in GLSL; any sampler object works for fetches.
layout(set = 1, binding = 0) uniform sampler s;
void main() {
    o[0] = texelFetch(sampler2D(rgba, s), ivec2(2, 1), 0);
    o[1] = texelFetch(sampler2D(hdr, s), ivec2(1, 0), 0);
    o[2] = vec4(texelFetch(sampler2D(mips, s), ivec2(1, 1), 1).x, texelFetch(sampler2D(mips, s), ivec2(0, 0), 2).x,
                texelFetch(sampler2DArray(layers, s), ivec3(1, 0, 2), 0).x, texelFetch(sampler3D(volume, s), ivec3(0, 1, 1), 0).x);
    o[3] = texelFetch(sampler2D(mips, s), ivec2(3, 2), 0);
    iout[0] = texelFetch(isampler2D(ints, s), ivec2(1, 1), 0);
    iout[1] = ivec4(texelFetch(usampler2D(uints, s), ivec2(1, 0), 0));
    iout[2] = ivec4(textureSize(sampler2D(rgba, s), 0), textureSize(sampler2D(mips, s), 1));
    iout[3] = ivec4(textureSize(sampler3D(volume, s), 0), textureQueryLevels(sampler2D(mips, s)));
    iout[4] = ivec4(textureSize(sampler2DArray(layers, s), 0).xy, textureQueryLevels(sampler2D(rgba, s)), textureSize(sampler2D(mips, s), 2).x);
}
