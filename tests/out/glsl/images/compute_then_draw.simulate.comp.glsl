#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, rgba16f) uniform writeonly image2D hdr;
layout(set = 0, binding = 1, r32f) uniform image2D height;
layout(set = 0, binding = 2, std140) uniform frame_block {
    mat4 view_proj;
    float exposure;
    float erosion;
    int grid;
    int _pad;
} frame;

ivec2 texel_in(ivec2 p) {
    return min(max(p, ivec2(0)), ivec2(frame.grid - 1));
}

float height_at(ivec2 p) {
    ivec2 texel_in_1 = texel_in(p);
    vec4 texel = imageLoad(height, clamp(texel_in_1, ivec2(0), imageSize(height) - 1));
    return texel.x;
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 q = texel_in(p);
    if (any(notEqual(q, p))) {
        return;
    }
    vec4 texel = imageLoad(height, clamp(p, ivec2(0), imageSize(height) - 1));
    float h = texel.x;
    float height_at_1 = height_at(p + ivec2(1, 0));
    float height_at_2 = height_at(p - ivec2(1, 0));
    float around = height_at_1 + height_at_2;
    float eroded = mix(h, around * 0.5, frame.erosion);
    if (all(lessThan(uvec2(p), uvec2(imageSize(height))))) {
        imageStore(height, p, vec4(eroded));
    }
    if (all(lessThan(uvec2(p), uvec2(imageSize(hdr))))) {
        imageStore(hdr, p, vec4(eroded, h, around, 1.0));
    }
}
