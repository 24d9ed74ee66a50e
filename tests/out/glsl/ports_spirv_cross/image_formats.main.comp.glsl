#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, r32f) uniform readonly image2D in_f;
layout(set = 0, binding = 1, r32f) uniform writeonly image2D out_f;
layout(set = 0, binding = 2, r32i) uniform readonly iimage2D in_i;
layout(set = 0, binding = 3, r32i) uniform writeonly iimage2D out_i;
layout(set = 0, binding = 4, r32ui) uniform readonly uimage2D in_u;
layout(set = 0, binding = 5, r32ui) uniform writeonly uimage2D out_u;
layout(set = 0, binding = 6, rg32f) uniform readonly image2D in_f2;
layout(set = 0, binding = 7, rg32f) uniform writeonly image2D out_f2;
layout(set = 0, binding = 8, rg32i) uniform readonly iimage2D in_i2;
layout(set = 0, binding = 9, rg32i) uniform writeonly iimage2D out_i2;
layout(set = 0, binding = 10, rg32ui) uniform readonly uimage2D in_u2;
layout(set = 0, binding = 11, rg32ui) uniform writeonly uimage2D out_u2;
layout(set = 0, binding = 12, rgba32f) uniform readonly image2D in_f4;
layout(set = 0, binding = 13, rgba32f) uniform writeonly image2D out_f4;
layout(set = 0, binding = 14, rgba32i) uniform readonly iimage2D in_i4;
layout(set = 0, binding = 15, rgba32i) uniform writeonly iimage2D out_i4;
layout(set = 0, binding = 16, rgba32ui) uniform readonly uimage2D in_u4;
layout(set = 0, binding = 17, rgba32ui) uniform writeonly uimage2D out_u4;
layout(set = 0, binding = 18, rgba16f) uniform readonly image2D in_h4;
layout(set = 0, binding = 19, rgba16f) uniform writeonly image2D out_h4;
layout(set = 0, binding = 20, rgba16i) uniform readonly iimage2D in_s4;
layout(set = 0, binding = 21, rgba16i) uniform writeonly iimage2D out_s4;
layout(set = 0, binding = 22, rgba16ui) uniform readonly uimage2D in_us4;
layout(set = 0, binding = 23, rgba16ui) uniform writeonly uimage2D out_us4;
layout(set = 0, binding = 24, rgba8) uniform readonly image2D in_n4;
layout(set = 0, binding = 25, rgba8) uniform writeonly image2D out_n4;
layout(set = 0, binding = 26, rgba8_snorm) uniform readonly image2D in_sn4;
layout(set = 0, binding = 27, rgba8_snorm) uniform writeonly image2D out_sn4;
layout(set = 0, binding = 28, rgba8i) uniform readonly iimage2D in_b4;
layout(set = 0, binding = 29, rgba8i) uniform writeonly iimage2D out_b4;
layout(set = 0, binding = 30, rgba8ui) uniform readonly uimage2D in_ub4;
layout(set = 0, binding = 31, rgba8ui) uniform writeonly uimage2D out_ub4;
layout(set = 0, binding = 32, r32f) uniform image2D rw_f;
layout(set = 0, binding = 33, r32i) uniform iimage2D rw_i;
layout(set = 0, binding = 34, r32ui) uniform uimage2D rw_u;
layout(set = 0, binding = 35, r32f) uniform image2DArray layers;
layout(set = 0, binding = 36, r32ui) uniform writeonly uimage3D volume;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    vec4 texel = imageLoad(in_f, clamp(p, ivec2(0), imageSize(in_f) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_f))))) {
        imageStore(out_f, p, texel);
    }
    ivec4 texel_1 = imageLoad(in_i, clamp(p, ivec2(0), imageSize(in_i) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_i))))) {
        imageStore(out_i, p, texel_1);
    }
    uvec4 texel_2 = imageLoad(in_u, clamp(p, ivec2(0), imageSize(in_u) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_u))))) {
        imageStore(out_u, p, texel_2);
    }
    vec4 texel_3 = imageLoad(in_f2, clamp(p, ivec2(0), imageSize(in_f2) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_f2))))) {
        imageStore(out_f2, p, texel_3);
    }
    ivec4 texel_4 = imageLoad(in_i2, clamp(p, ivec2(0), imageSize(in_i2) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_i2))))) {
        imageStore(out_i2, p, texel_4);
    }
    uvec4 texel_5 = imageLoad(in_u2, clamp(p, ivec2(0), imageSize(in_u2) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_u2))))) {
        imageStore(out_u2, p, texel_5);
    }
    vec4 texel_6 = imageLoad(in_f4, clamp(p, ivec2(0), imageSize(in_f4) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_f4))))) {
        imageStore(out_f4, p, texel_6);
    }
    ivec4 texel_7 = imageLoad(in_i4, clamp(p, ivec2(0), imageSize(in_i4) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_i4))))) {
        imageStore(out_i4, p, texel_7);
    }
    uvec4 texel_8 = imageLoad(in_u4, clamp(p, ivec2(0), imageSize(in_u4) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_u4))))) {
        imageStore(out_u4, p, texel_8);
    }
    vec4 texel_9 = imageLoad(in_h4, clamp(p, ivec2(0), imageSize(in_h4) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_h4))))) {
        imageStore(out_h4, p, texel_9);
    }
    ivec4 texel_10 = imageLoad(in_s4, clamp(p, ivec2(0), imageSize(in_s4) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_s4))))) {
        imageStore(out_s4, p, texel_10);
    }
    uvec4 texel_11 = imageLoad(in_us4, clamp(p, ivec2(0), imageSize(in_us4) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_us4))))) {
        imageStore(out_us4, p, texel_11);
    }
    vec4 texel_12 = imageLoad(in_n4, clamp(p + imageSize(in_n4), ivec2(0), imageSize(in_n4) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_n4))))) {
        imageStore(out_n4, p, texel_12);
    }
    vec4 texel_13 = imageLoad(in_sn4, clamp(p, ivec2(0), imageSize(in_sn4) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_sn4))))) {
        imageStore(out_sn4, p, texel_13);
    }
    ivec4 texel_14 = imageLoad(in_b4, clamp(p, ivec2(0), imageSize(in_b4) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_b4))))) {
        imageStore(out_b4, p, texel_14);
    }
    uvec4 texel_15 = imageLoad(in_ub4, clamp(p, ivec2(0), imageSize(in_ub4) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(out_ub4))))) {
        imageStore(out_ub4, p, texel_15);
    }
    vec4 texel_16 = imageLoad(rw_f, clamp(p, ivec2(0), imageSize(rw_f) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(rw_f))))) {
        imageStore(rw_f, p, texel_16 + vec4(1.0));
    }
    ivec4 texel_17 = imageLoad(rw_i, clamp(p.yx, ivec2(0), imageSize(rw_i) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(rw_i))))) {
        imageStore(rw_i, p, texel_17 * ivec4(-1));
    }
    uvec4 texel_18 = imageLoad(rw_u, clamp(p, ivec2(0), imageSize(rw_u) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(rw_u))))) {
        imageStore(rw_u, p, texel_18 + uvec4(gl_GlobalInvocationID.x));
    }
    int l = imageSize(layers).z - 1;
    vec4 texel_19 = imageLoad(layers, clamp(ivec3(p, 0), ivec3(0), imageSize(layers) - 1));
    if (all(lessThan(uvec3(ivec3(p, l)), uvec3(imageSize(layers))))) {
        imageStore(layers, ivec3(p, l), texel_19 * 2.0);
    }
    ivec3 q = ivec3(p, int(gl_GlobalInvocationID.z));
    uvec4 texel_20 = imageLoad(in_ub4, clamp(p, ivec2(0), imageSize(in_ub4) - 1));
    if (all(lessThan(uvec3(q), uvec3(imageSize(volume))))) {
        imageStore(volume, q, texel_20 + uvec4(uint(imageSize(volume).z)));
    }
}
