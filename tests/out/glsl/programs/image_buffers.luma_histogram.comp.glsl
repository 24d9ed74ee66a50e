#version 450

layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform image_block {
    uint width;
    uint height;
    int radius;
    float sigma;
} image;
layout(set = 0, binding = 1, std430) readonly buffer src_block {
    uint src[];
};
layout(set = 0, binding = 3, std430) buffer histogram_block {
    uint histogram[256];
};
shared uint local_bins[256];

vec4 texel(int x, int y) {
    int cx = min(max(x, 0), int(image.width) - 1);
    int cy = min(max(y, 0), int(image.height) - 1);
    uint t = src[min(uint(cy) * image.width + uint(cx), uint(src.length()) - 1u)];
    return unpackUnorm4x8(t);
}

float luma(vec4 c) {
    return dot(c.xyz, vec3(0.299, 0.587, 0.114));
}

bool inside(uvec3 id) {
    return id.x < image.width && id.y < image.height;
}

void main() {
    atomicExchange(local_bins[min(gl_LocalInvocationIndex, 255u)], 0u);
    memoryBarrierShared();
    barrier();
    bool inside_1 = inside(gl_GlobalInvocationID);
    if (inside_1) {
        vec4 texel_1 = texel(int(gl_GlobalInvocationID.x), int(gl_GlobalInvocationID.y));
        float luma_1 = luma(texel_1);
        uint bin = uint(luma_1 * 255.0 + 0.5);
        atomicAdd(local_bins[min(min(bin, 255u), 255u)], 1u);
    }
    memoryBarrierShared();
    barrier();
    uint count = atomicAdd(local_bins[min(gl_LocalInvocationIndex, 255u)], 0u);
    if (count > 0u) {
        atomicAdd(histogram[min(gl_LocalInvocationIndex, 255u)], count);
    }
}
