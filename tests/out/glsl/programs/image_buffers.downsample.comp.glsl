#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform image_block {
    uint width;
    uint height;
    int radius;
    float sigma;
} image;
layout(set = 0, binding = 1, std430) readonly buffer src_block {
    uint src[];
};
layout(set = 0, binding = 2, std430) buffer dst_block {
    uint dst[];
};

vec4 texel(int x, int y) {
    int cx = min(max(x, 0), int(image.width) - 1);
    int cy = min(max(y, 0), int(image.height) - 1);
    uint t = src[min(uint(cy) * image.width + uint(cx), uint(src.length()) - 1u)];
    return unpackUnorm4x8(t);
}

void store(uint x, uint y, vec4 c) {
    dst[min(y * image.width + x, uint(dst.length()) - 1u)] = packUnorm4x8(clamp(c, 0.0, 1.0));
}

void main() {
    if (gl_GlobalInvocationID.x >= image.width / 2u || gl_GlobalInvocationID.y >= image.height / 2u) {
        return;
    }
    int x = int(gl_GlobalInvocationID.x * 2u);
    int y = int(gl_GlobalInvocationID.y * 2u);
    vec4 texel_1 = texel(x, y);
    vec4 texel_2 = texel(x + 1, y);
    vec4 texel_3 = texel(x, y + 1);
    vec4 texel_4 = texel(x + 1, y + 1);
    vec4 c = (texel_1 + texel_2 + texel_3 + texel_4) * 0.25;
    store(gl_GlobalInvocationID.x, gl_GlobalInvocationID.y, c);
}
