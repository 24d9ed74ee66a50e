#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform texture2D mips;
layout(set = 0, binding = 1) uniform texture2DArray arr;
layout(set = 0, binding = 2) uniform texture3D vol;
layout(set = 0, binding = 3) uniform itexture2D ints;
layout(set = 0, binding = 4) uniform texture2D depth;
layout(set = 0, binding = 5, std430) buffer B5 { vec4 o[]; };
layout(set = 0, binding = 6, std430) buffer B6 { ivec4 iout[]; };
layout(set = 0, binding = 7, std430) buffer B7 { int args[]; };
// texelFetch needs a sampler type in GLSL; any sampler object works for fetches.
layout(set = 1, binding = 0) uniform sampler s;

// Luma's rule under bounds checks, spelled out: the level into the texture's levels, then the
// coordinate (with its layer) into the size at that level.
int lvl2(texture2D t, int l) { return clamp(l, 0, textureQueryLevels(sampler2D(t, s)) - 1); }
vec4 fetch2(texture2D t, ivec2 c, int l) {
    int k = lvl2(t, l);
    return texelFetch(sampler2D(t, s), clamp(c, ivec2(0), textureSize(sampler2D(t, s), k) - 1), k);
}
vec4 fetcha(texture2DArray t, ivec2 c, int layer, int l) {
    int k = clamp(l, 0, textureQueryLevels(sampler2DArray(t, s)) - 1);
    ivec3 p = clamp(ivec3(c, layer), ivec3(0), textureSize(sampler2DArray(t, s), k) - 1);
    return texelFetch(sampler2DArray(t, s), p, k);
}
vec4 fetch3(texture3D t, ivec3 c, int l) {
    int k = clamp(l, 0, textureQueryLevels(sampler3D(t, s)) - 1);
    return texelFetch(sampler3D(t, s), clamp(c, ivec3(0), textureSize(sampler3D(t, s), k) - 1), k);
}
ivec4 fetchi(itexture2D t, ivec2 c, int l) {
    int k = clamp(l, 0, textureQueryLevels(isampler2D(t, s)) - 1);
    return texelFetch(isampler2D(t, s), clamp(c, ivec2(0), textureSize(isampler2D(t, s), k) - 1), k);
}
ivec2 size2(texture2D t, int l) { return textureSize(sampler2D(t, s), lvl2(t, l)); }

void main() {
    int big = args[0];
    int negative = args[1];
    int layer = args[2];
    int minus_one = args[3];
    o[0] = vec4(fetch2(mips, ivec2(5, 1), 0).x, fetch2(mips, ivec2(-3, 2), 0).x, fetch2(mips, ivec2(2, 9), 0).x, fetch2(mips, ivec2(-1, -1), 0).x);
    o[1] = vec4(fetch2(mips, ivec2(0, 0), 7).x, fetch2(mips, ivec2(1, 1), big).x, fetch2(mips, ivec2(3, 0), negative).x, fetch2(mips, ivec2(5, 5), 1).x);
    o[2] = vec4(fetcha(arr, ivec2(0, 0), 5, 0).x, fetcha(arr, ivec2(1, 0), -1, 0).x, fetcha(arr, ivec2(3, 3), 1, 4).x, fetcha(arr, ivec2(minus_one, 1), layer, minus_one).x);
    o[3] = vec4(fetch3(vol, ivec3(2, -1, 5), 0).x, fetch3(vol, ivec3(0, 1, 0), 3).x, fetch2(depth, ivec2(4, 4), 0).x, fetch2(depth, ivec2(-1, 0), 0).x);
    iout[0] = ivec4(fetchi(ints, ivec2(-5, 7), 0).x, fetchi(ints, ivec2(9, 0), big).x, size2(mips, 9));
    int ka = clamp(3, 0, textureQueryLevels(sampler2DArray(arr, s)) - 1);
    int kv = clamp(6, 0, textureQueryLevels(sampler3D(vol, s)) - 1);
    iout[1] = ivec4(size2(mips, negative), textureSize(sampler2DArray(arr, s), ka).xy);
    iout[2] = ivec4(textureSize(sampler3D(vol, s), kv), size2(mips, big).x);
}
