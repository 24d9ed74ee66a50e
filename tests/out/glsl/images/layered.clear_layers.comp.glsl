#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, r32f) uniform writeonly image2DArray atlas;
layout(set = 0, binding = 1, r32ui) uniform uimage2DArray layer_counts;
layout(set = 0, binding = 2, rgba8) uniform writeonly image2D previews[2];

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    int layer = int(gl_WorkGroupID.z);
    ivec2 size = imageSize(atlas).xy;
    bool v;
    if (p.x >= size.x || p.y >= size.y) {
        v = true;
    } else {
        v = layer >= imageSize(atlas).z;
    }
    if (v) {
        return;
    }
    if (all(lessThan(uvec3(ivec3(p, layer)), uvec3(imageSize(atlas))))) {
        imageStore(atlas, ivec3(p, layer), vec4(1.0, 0.0, 0.0, 0.0));
    }
    uvec4 texel = imageLoad(layer_counts, clamp(ivec3(p, layer), ivec3(0), imageSize(layer_counts) - 1));
    uint seen = texel.x;
    if (all(lessThan(uvec3(ivec3(p, layer)), uvec3(imageSize(layer_counts))))) {
        imageStore(layer_counts, ivec3(p, layer), uvec4(seen + 1u));
    }
    float shade = float(layer) / float(imageSize(atlas).z);
    if (all(lessThan(uvec2(p), uvec2(imageSize(previews[min(uint(luma_rem(layer, 2)), 1u)]))))) {
        imageStore(previews[min(uint(luma_rem(layer, 2)), 1u)], p, vec4(shade, shade, shade, 1.0));
    }
}
