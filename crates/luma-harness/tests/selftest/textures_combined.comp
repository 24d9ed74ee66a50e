#version 450
// Self-test: combined image samplers (GLSL's recombination of Luma's split pairs) of every
// shape the harness supports; the spec places each sampler at the texture's binding + 1.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform sampler2D t2d;          // rgba8 2x2
layout(set = 0, binding = 2) uniform sampler2D tlin;         // r32f 2x2, linear
layout(set = 0, binding = 4) uniform sampler2DArray tarr;    // r32f 2x1, 3 layers
layout(set = 0, binding = 6) uniform sampler3D t3d;          // r32f 2x2x2
layout(set = 0, binding = 8) uniform samplerCube tcube;      // rgba32f 1x1
layout(set = 0, binding = 10) uniform sampler2DShadow tshadow; // d32f 2x1, compare less
layout(set = 0, binding = 12) uniform sampler2D tmip;        // r32f 4x4, 3 levels
layout(set = 1, binding = 0, std430) buffer Out {
    vec4 fetch;
    vec4 nearest;
    float linear;
    float layer2;
    float fetch3d;
    float pad0;
    vec4 cube_px;
    vec4 cube_ny;
    vec4 cube_pz;
    float shadow0;
    float shadow1;
    float mip1;
    float mip2;
    ivec2 size0;
    ivec2 size1;
} o;
void main() {
    o.fetch = texelFetch(t2d, ivec2(1, 0), 0);
    o.nearest = textureLod(t2d, vec2(0.75, 0.75), 0.0);
    o.linear = textureLod(tlin, vec2(0.5, 0.5), 0.0).r;
    o.layer2 = textureLod(tarr, vec3(0.25, 0.5, 2.0), 0.0).r;
    o.fetch3d = texelFetch(t3d, ivec3(1, 0, 1), 0).r;
    o.pad0 = 0.0;
    o.cube_px = textureLod(tcube, vec3(1.0, 0.0, 0.0), 0.0);
    o.cube_ny = textureLod(tcube, vec3(0.0, -1.0, 0.0), 0.0);
    o.cube_pz = textureLod(tcube, vec3(0.0, 0.0, 1.0), 0.0);
    o.shadow0 = textureLod(tshadow, vec3(0.25, 0.5, 0.5), 0.0);
    o.shadow1 = textureLod(tshadow, vec3(0.75, 0.5, 0.5), 0.0);
    o.mip1 = textureLod(tmip, vec2(0.5, 0.5), 1.0).r;
    o.mip2 = texelFetch(tmip, ivec2(0, 0), 2).r;
    o.size0 = textureSize(tmip, 0);
    o.size1 = textureSize(tmip, 1);
}
