#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform params_block {
    float min_log_lum;
    float inv_log_lum_range;
    uint width;
    uint height;
} params;
layout(set = 0, binding = 1) uniform texture2D hdr_image;
layout(set = 0, binding = 2, std430) buffer histogram_block {
    uint histogram[256];
};
shared uint local_bins[256];

uint bin_index(vec3 color) {
    float lum = dot(color, vec3(0.2126, 0.7152, 0.0722));
    if (lum < 0.005) {
        return 0u;
    }
    float log_lum = clamp((log2(lum) - params.min_log_lum) * params.inv_log_lum_range, 0.0, 1.0);
    return uint(log_lum * 254.0 + 1.0);
}

void main() {
    atomicExchange(local_bins[min(gl_LocalInvocationIndex, 255u)], 0u);
    memoryBarrierShared();
    barrier();
    if (gl_GlobalInvocationID.x < params.width && gl_GlobalInvocationID.y < params.height) {
        vec4 texel = texelFetch(hdr_image, clamp(ivec2(gl_GlobalInvocationID.xy), ivec2(0), textureSize(hdr_image, 0) - 1), 0);
        vec3 color = texel.xyz;
        uint bin_index_1 = bin_index(color);
        atomicAdd(local_bins[min(bin_index_1, 255u)], 1u);
    }
    memoryBarrierShared();
    barrier();
    uint count = atomicAdd(local_bins[min(gl_LocalInvocationIndex, 255u)], 0u);
    if (count > 0u) {
        atomicAdd(histogram[min(gl_LocalInvocationIndex, 255u)], count);
    }
}
