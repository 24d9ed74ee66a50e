#version 450

layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;

layout(set = 0, binding = 0, rgba8) uniform readonly image2D frame;
layout(set = 0, binding = 1, std430) buffer histogram_block {
    uint histogram[64];
};
shared uint local_bins[64];

float luminance(vec3 c) {
    return dot(c, vec3(0.2126, 0.7152, 0.0722));
}

void main() {
    if (gl_LocalInvocationIndex < 64u) {
        atomicExchange(local_bins[min(gl_LocalInvocationIndex, 63u)], 0u);
    }
    memoryBarrierShared();
    barrier();
    ivec2 size = imageSize(frame);
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x < size.x && p.y < size.y) {
        vec4 texel = imageLoad(frame, clamp(p, ivec2(0), imageSize(frame) - 1));
        float luminance_1 = luminance(texel.xyz);
        float l = clamp(luminance_1, 0.0, 1.0);
        uint bin = min(uint(l * 64.0), 63u);
        atomicAdd(local_bins[min(bin, 63u)], 1u);
    }
    memoryBarrierShared();
    barrier();
    if (gl_LocalInvocationIndex < 64u) {
        uint count = atomicAdd(local_bins[min(gl_LocalInvocationIndex, 63u)], 0u);
        if (count > 0u) {
            atomicAdd(histogram[min(gl_LocalInvocationIndex, 63u)], count);
        }
    }
}
