#version 450

layout(local_size_x = 4, local_size_y = 4, local_size_z = 4) in;

layout(set = 0, binding = 0, rgba32i) uniform readonly iimage2D labels;
layout(set = 0, binding = 1, rgba16i) uniform writeonly iimage2D relabeled;
layout(set = 0, binding = 2, r32ui) uniform uimage3D voxels;
layout(set = 0, binding = 3, rgba8ui) uniform writeonly uimage2D mask;
layout(set = 0, binding = 4, rg32i) uniform readonly iimage2D offsets;

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

void main() {
    ivec3 v = ivec3(gl_GlobalInvocationID);
    ivec3 size = imageSize(voxels);
    if (v.x >= size.x || v.y >= size.y || v.z >= size.z) {
        return;
    }
    ivec4 label = imageLoad(labels, clamp(v.xy, ivec2(0), imageSize(labels) - 1));
    ivec4 texel = imageLoad(offsets, clamp(v.xy, ivec2(0), imageSize(offsets) - 1));
    ivec2 shift = texel.xy;
    uvec4 texel_1 = imageLoad(voxels, clamp(v, ivec3(0), imageSize(voxels) - 1));
    uint hits = texel_1.x + uint(luma_rem(abs(label.x), 7));
    if (all(lessThan(uvec3(v), uvec3(imageSize(voxels))))) {
        imageStore(voxels, v, uvec4(hits, 0u, 0u, 0u));
    }
    if (v.z == 0) {
        if (all(lessThan(uvec2(v.xy), uvec2(imageSize(relabeled))))) {
            imageStore(relabeled, v.xy, ivec4(-label.x, label.y ^ 255, shift.x, shift.y));
        }
        uint bit = label.x < 0 ? 255u : 0u;
        if (all(lessThan(uvec2(v.xy), uvec2(imageSize(mask))))) {
            imageStore(mask, v.xy, uvec4(bit, hits & 255u, uint(size.z), 1u));
        }
    }
}
