#version 450

layout(local_size_x = 4, local_size_y = 4, local_size_z = 4) in;

layout(set = 0, binding = 0, rgba8) uniform writeonly image3D voxels;
layout(set = 0, binding = 1, r32ui) uniform writeonly uimage3D occupancy;
layout(set = 0, binding = 2, rgba16f) uniform writeonly image2DArray slices;
layout(set = 0, binding = 3, r32ui) uniform readonly uimage2DArray src_counts;

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

void main() {
    ivec3 p = ivec3(gl_GlobalInvocationID);
    ivec3 size = imageSize(voxels);
    if (p.x < size.x && p.y < size.y && p.z < size.z) {
        if (all(lessThan(uvec3(p), uvec3(imageSize(voxels))))) {
            imageStore(voxels, p, vec4(0.0));
        }
        if (all(lessThan(uvec3(p), uvec3(imageSize(occupancy))))) {
            imageStore(occupancy, p, uvec4(0u));
        }
    }
    int layers = imageSize(slices).z;
    if (p.z < layers) {
        uvec4 c = imageLoad(src_counts, clamp(ivec3(p.xy, luma_rem(p.z, imageSize(src_counts).z)), ivec3(0), imageSize(src_counts) - 1));
        if (all(lessThan(uvec3(ivec3(p.xy, p.z)), uvec3(imageSize(slices))))) {
            imageStore(slices, ivec3(p.xy, p.z), vec4(float(c.x), float(imageSize(slices).xy.x), 0.0, 1.0));
        }
    }
}
