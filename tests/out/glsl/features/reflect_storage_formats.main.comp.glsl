#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, rgba8) uniform readonly image2D f_rgba8;
layout(set = 0, binding = 1, rgba8_snorm) uniform readonly image2D f_rgba8_snorm;
layout(set = 0, binding = 2, rgba16f) uniform readonly image2DArray f_rgba16f;
layout(set = 0, binding = 3, rgba32f) uniform readonly image3D f_rgba32f;
layout(set = 0, binding = 4, r32f) uniform image2D f_r32f;
layout(set = 0, binding = 5, rg32f) uniform readonly image2D f_rg32f;
layout(set = 0, binding = 6, rgba8i) uniform readonly iimage2D i_rgba8i;
layout(set = 0, binding = 7, rgba16i) uniform readonly iimage2DArray i_rgba16i;
layout(set = 0, binding = 8, rgba32i) uniform readonly iimage3D i_rgba32i;
layout(set = 0, binding = 9, r32i) uniform iimage2D i_r32i;
layout(set = 0, binding = 10, rg32i) uniform readonly iimage2D i_rg32i;
layout(set = 0, binding = 11, rgba8ui) uniform readonly uimage2D u_rgba8ui;
layout(set = 0, binding = 12, rgba16ui) uniform readonly uimage2D u_rgba16ui;
layout(set = 0, binding = 13, rgba32ui) uniform readonly uimage2D u_rgba32ui;
layout(set = 0, binding = 14, r32ui) uniform uimage2D u_r32ui;
layout(set = 0, binding = 15, rg32ui) uniform readonly uimage2D u_rg32ui;
layout(set = 1, binding = 0, rgba8) uniform writeonly image2D out_color;
layout(set = 1, binding = 1, r32ui) uniform writeonly uimage2D counts;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    vec4 texel = imageLoad(f_rgba8, clamp(p, ivec2(0), imageSize(f_rgba8) - 1));
    vec4 texel_1 = imageLoad(f_rgba8_snorm, clamp(p, ivec2(0), imageSize(f_rgba8_snorm) - 1));
    vec4 texel_2 = imageLoad(f_rgba16f, clamp(ivec3(p, 1), ivec3(0), imageSize(f_rgba16f) - 1));
    vec4 texel_3 = imageLoad(f_rgba32f, clamp(ivec3(p, 0), ivec3(0), imageSize(f_rgba32f) - 1));
    vec4 texel_4 = imageLoad(f_r32f, clamp(p, ivec2(0), imageSize(f_r32f) - 1));
    vec4 texel_5 = imageLoad(f_rg32f, clamp(p, ivec2(0), imageSize(f_rg32f) - 1));
    vec4 f = texel + texel_1 + texel_2 + texel_3 + texel_4 + texel_5;
    ivec4 texel_6 = imageLoad(i_rgba8i, clamp(p, ivec2(0), imageSize(i_rgba8i) - 1));
    ivec4 texel_7 = imageLoad(i_rgba16i, clamp(ivec3(p, 1), ivec3(0), imageSize(i_rgba16i) - 1));
    ivec4 texel_8 = imageLoad(i_rgba32i, clamp(ivec3(p, 0), ivec3(0), imageSize(i_rgba32i) - 1));
    ivec4 texel_9 = imageLoad(i_r32i, clamp(p, ivec2(0), imageSize(i_r32i) - 1));
    ivec4 texel_10 = imageLoad(i_rg32i, clamp(p, ivec2(0), imageSize(i_rg32i) - 1));
    ivec4 i = texel_6 + texel_7 + texel_8 + texel_9 + texel_10;
    uvec4 texel_11 = imageLoad(u_rgba8ui, clamp(p, ivec2(0), imageSize(u_rgba8ui) - 1));
    uvec4 texel_12 = imageLoad(u_rgba16ui, clamp(p, ivec2(0), imageSize(u_rgba16ui) - 1));
    uvec4 texel_13 = imageLoad(u_rgba32ui, clamp(p, ivec2(0), imageSize(u_rgba32ui) - 1));
    uvec4 texel_14 = imageLoad(u_r32ui, clamp(p, ivec2(0), imageSize(u_r32ui) - 1));
    uvec4 texel_15 = imageLoad(u_rg32ui, clamp(p, ivec2(0), imageSize(u_rg32ui) - 1));
    uvec4 u = texel_11 + texel_12 + texel_13 + texel_14 + texel_15;
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_color))))) {
        imageStore(out_color, p, f + vec4(i) + vec4(u));
    }
    if (all(lessThan(uvec2(p), uvec2(imageSize(f_r32f))))) {
        imageStore(f_r32f, p, f.xxxx);
    }
    if (all(lessThan(uvec2(p), uvec2(imageSize(i_r32i))))) {
        imageStore(i_r32i, p, i);
    }
    if (all(lessThan(uvec2(p), uvec2(imageSize(u_r32ui))))) {
        imageStore(u_r32ui, p, u);
    }
    if (all(lessThan(uvec2(p), uvec2(imageSize(counts))))) {
        imageStore(counts, p, u + uvec4(1u));
    }
}
