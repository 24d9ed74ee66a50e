#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, rgba16f) uniform readonly image2D finer;
layout(set = 0, binding = 1, rgba16f) uniform writeonly image2D coarser;

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

vec4 average(vec4 a, vec4 b, vec4 c, vec4 d) {
    return (a + b + c + d) * 0.25;
}

void main() {
    ivec2 out_size = imageSize(coarser);
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= out_size.x || p.y >= out_size.y) {
        return;
    }
    ivec2 in_size = imageSize(finer);
    ivec2 base = p * ivec2(2);
    vec4 texel = imageLoad(finer, clamp(base, ivec2(0), imageSize(finer) - 1));
    vec4 texel_1 = imageLoad(finer, clamp(base + ivec2(1, 0), ivec2(0), imageSize(finer) - 1));
    vec4 texel_2 = imageLoad(finer, clamp(base + ivec2(0, 1), ivec2(0), imageSize(finer) - 1));
    vec4 texel_3 = imageLoad(finer, clamp(base + ivec2(1), ivec2(0), imageSize(finer) - 1));
    vec4 color = average(texel, texel_1, texel_2, texel_3);
    bool odd_x = luma_rem(in_size.x, 2) == 1 && p.x == out_size.x - 1;
    bool odd_y = luma_rem(in_size.y, 2) == 1 && p.y == out_size.y - 1;
    vec4 color_1 = color;
    if (odd_x) {
        vec4 texel_4 = imageLoad(finer, clamp(base + ivec2(2, 0), ivec2(0), imageSize(finer) - 1));
        vec4 texel_5 = imageLoad(finer, clamp(base + ivec2(2, 1), ivec2(0), imageSize(finer) - 1));
        vec4 extra = texel_4 + texel_5;
        color_1 = (color * 4.0 + extra) / vec4(6.0);
    }
    vec4 color_2 = color_1;
    if (odd_y) {
        vec4 texel_6 = imageLoad(finer, clamp(base + ivec2(0, 2), ivec2(0), imageSize(finer) - 1));
        vec4 texel_7 = imageLoad(finer, clamp(base + ivec2(1, 2), ivec2(0), imageSize(finer) - 1));
        vec4 extra_1 = texel_6 + texel_7;
        color_2 = (color_1 * 4.0 + extra_1) / vec4(6.0);
    }
    if (all(lessThan(uvec2(p), uvec2(imageSize(coarser))))) {
        imageStore(coarser, p, color_2);
    }
}
