#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform texture2D grid;
layout(set = 0, binding = 1) uniform sampler samp;
layout(set = 0, binding = 2) uniform texture2DArray layers;
layout(set = 0, binding = 3) uniform textureCube cube;
layout(set = 0, binding = 4) uniform texture2D depth;
layout(set = 0, binding = 5) uniform samplerShadow cmp;
layout(set = 0, binding = 6) uniform itexture2D ints;
layout(set = 0, binding = 7) uniform sampler2D cgrid;
layout(set = 0, binding = 9, std430) buffer B9 { vec4 o[]; };
layout(set = 0, binding = 10, std430) buffer B10 { ivec4 io[]; };
void main() {
    vec2 mid = vec2(0.5, 0.5);
    o[0] = textureGather(sampler2D(grid, samp), mid);
    o[1] = textureGather(sampler2D(grid, samp), vec2(0.25, 0.75), 1);
    o[2] = textureGatherOffset(sampler2D(grid, samp), mid, ivec2(1, -1));
    o[3] = textureGatherOffset(sampler2D(grid, samp), mid, ivec2(-8, 7), 3);
    o[4] = textureGather(sampler2DArray(layers, samp), vec3(mid, 1.0));
    o[5] = textureGatherOffset(sampler2DArray(layers, samp), vec3(mid, 0.0), ivec2(1, 0));
    o[6] = textureGather(samplerCube(cube, samp), vec3(0.0, 0.0, 1.0));
    o[7] = textureGather(samplerCube(cube, samp), vec3(0.0, 0.0, 1.0), 3);
    o[8] = textureGather(sampler2D(depth, samp), mid);
    o[9] = textureGather(sampler2DShadow(depth, cmp), mid, 0.25);
    o[10] = textureGatherOffset(sampler2DShadow(depth, cmp), vec2(0.0), 0.15, ivec2(1, 0));
    o[11] = textureGatherOffset(cgrid, vec2(0.75, 0.25), ivec2(-1, 0), 2);
    io[0] = textureGather(isampler2D(ints, samp), mid);
    io[1] = textureGatherOffset(isampler2D(ints, samp), mid, ivec2(-1, 0));
}
