#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 16, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 6) uniform utexture2D image_mipmapped_src;
layout(set = 0, binding = 7) uniform utexture2DMS image_multisampled_src;
layout(set = 0, binding = 8) uniform utexture2DArray image_array_src;
layout(set = 0, binding = 9, rgba8ui) uniform readonly uimage2D image_storage_src;
layout(set = 0, binding = 10, r32ui) uniform writeonly uimage2D image_dst;

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
ivec2 luma_rem(ivec2 a, ivec2 b) {
    return ivec2(luma_rem(a.x, b.x), luma_rem(a.y, b.y));
}

void main() {
    ivec2 dim = imageSize(image_storage_src);
    ivec2 itc = luma_rem(dim * ivec2(gl_LocalInvocationID.xy), ivec2(10, 20));
    int z = int(gl_LocalInvocationID.z);
    uvec4 value1 = texelFetch(image_mipmapped_src, clamp(itc, ivec2(0), textureSize(image_mipmapped_src, clamp(z, 0, textureQueryLevels(image_mipmapped_src) - 1)) - 1), clamp(z, 0, textureQueryLevels(image_mipmapped_src) - 1));
    uvec4 value2 = texelFetch(image_multisampled_src, clamp(itc, ivec2(0), textureSize(image_multisampled_src) - 1), clamp(z, 0, textureSamples(image_multisampled_src) - 1));
    uvec4 value4 = imageLoad(image_storage_src, clamp(itc, ivec2(0), imageSize(image_storage_src) - 1));
    uvec4 value5 = texelFetch(image_array_src, clamp(ivec3(itc, z), ivec3(0), textureSize(image_array_src, clamp(z + 1, 0, textureQueryLevels(image_array_src) - 1)) - 1), clamp(z + 1, 0, textureQueryLevels(image_array_src) - 1));
    if (all(lessThan(uvec2(ivec2(itc.x, 0)), uvec2(imageSize(image_dst))))) {
        imageStore(image_dst, ivec2(itc.x, 0), value1 + value2 + value4 + value5);
    }
}
