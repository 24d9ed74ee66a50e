#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, rgba8) uniform readonly image2D src;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D dst;
shared vec4 tile[72];

ivec2 edge_clamped(ivec2 p, ivec2 size) {
    return min(max(p, ivec2(0)), size - ivec2(1));
}

void main() {
    ivec2 size = imageSize(src);
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    int t = int(gl_LocalInvocationIndex);
    ivec2 edge_clamped_1 = edge_clamped(p, size);
    vec4 texel = imageLoad(src, clamp(edge_clamped_1, ivec2(0), imageSize(src) - 1));
    tile[min(uint(t + 4), 71u)] = texel;
    if (t < 4) {
        ivec2 edge_clamped_2 = edge_clamped(p - ivec2(4, 0), size);
        vec4 texel_1 = imageLoad(src, clamp(edge_clamped_2, ivec2(0), imageSize(src) - 1));
        tile[min(uint(t), 71u)] = texel_1;
        ivec2 edge_clamped_3 = edge_clamped(p + ivec2(64, 0), size);
        vec4 texel_2 = imageLoad(src, clamp(edge_clamped_3, ivec2(0), imageSize(src) - 1));
        tile[min(uint(t + 64 + 4), 71u)] = texel_2;
    }
    memoryBarrierShared();
    barrier();
    if (p.x >= size.x || p.y >= size.y) {
        return;
    }
    int k = -4;
    uint v = 8u;
    bool v_1 = true;
    vec4 sum = vec4(0.0);
    vec4 sum_1;
    while (true) {
        if (!v_1) {
            sum_1 = sum;
            break;
        }
        vec4 t_1 = tile[min(uint(t + 4 + k), 71u)];
        vec4 sum_2 = sum + t_1;
        bool next_v = v != 0u;
        k = k + 1;
        v = v - 1u;
        v_1 = next_v;
        sum = sum_2;
    }
    if (all(lessThan(uvec2(p), uvec2(imageSize(dst))))) {
        imageStore(dst, p, sum_1 / vec4(9.0));
    }
}
