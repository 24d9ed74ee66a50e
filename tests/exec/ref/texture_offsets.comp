#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform texture2D grid;
layout(set = 0, binding = 1) uniform sampler nearest;
layout(set = 0, binding = 2) uniform sampler linear;
layout(set = 0, binding = 3) uniform texture3D vol;
layout(set = 0, binding = 4) uniform texture2D depth;
layout(set = 0, binding = 5) uniform samplerShadow cmp;
layout(set = 0, binding = 6) uniform texture2DArray layers;
layout(set = 0, binding = 7, std430) buffer B7 { vec4 o[]; };
void main() {
    vec2 t11 = vec2(0.375, 0.375);
    o[0] = textureLodOffset(sampler2D(grid, nearest), t11, 0.0, ivec2(2, -1));
    o[1] = textureLodOffset(sampler2D(grid, linear), vec2(0.5, 0.5), 0.0, ivec2(1, 1));
    o[2] = textureGradOffset(sampler2D(grid, nearest), t11, vec2(0.0), vec2(0.0), ivec2(-1, 2));
    o[3] = textureLodOffset(sampler2D(grid, nearest), t11, 0.0, ivec2(-8, 7));
    o[4] = vec4(
        textureLodOffset(sampler3D(vol, nearest), vec3(0.25), 0.0, ivec3(1, 1, 1)).x,
        textureLodOffset(sampler3D(vol, nearest), vec3(0.75, 0.25, 0.75), 0.0, ivec3(-1, 1, 0)).x,
        textureLodOffset(sampler2DArray(layers, nearest), vec3(0.25, 0.25, 1.0), 0.0, ivec2(1, 1)).x,
        textureLodOffset(sampler2DArray(layers, linear), vec3(0.5, 0.5, 0.0), 0.0, ivec2(0, -1)).x);
    o[5] = vec4(
        textureLodOffset(sampler2DShadow(depth, cmp), vec3(0.25, 0.25, 0.35), 0.0, ivec2(1, 1)),
        textureLodOffset(sampler2DShadow(depth, cmp), vec3(0.25, 0.25, 0.35), 0.0, ivec2(1, 0)),
        textureLodOffset(sampler2D(depth, nearest), vec2(0.25), 0.0, ivec2(0, 1)).x,
        textureLodOffset(sampler2D(depth, nearest), vec2(0.75), 0.0, ivec2(-1, -1)).x);
}
