#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(constant_id = 0) const int RADIUS = 4;
layout(constant_id = 1) const bool HORIZONTAL = true;
layout(constant_id = 2) const bool BILATERAL = true;
layout(constant_id = 3) const float DEPTH_SHARPNESS = 32.0;

layout(set = 0, binding = 0, std140) uniform image_block {
    uvec2 size;
    uvec2 pad;
} image;
layout(set = 0, binding = 1, std430) readonly buffer src_block {
    float src[];
};
layout(set = 0, binding = 2, std430) readonly buffer depth_block {
    float depth[];
};
layout(set = 0, binding = 3, std430) buffer dst_block {
    float dst[];
};
shared float tile_values[80];
shared float tile_depths[80];

uint load_index(ivec2 p) {
    ivec2 c = min(max(p, ivec2(0)), ivec2(image.size) - ivec2(1));
    return uint(c.y) * image.size.x + uint(c.x);
}

void main() {
    int radius = clamp(RADIUS, 0, 8);
    ivec2 axis = HORIZONTAL ? ivec2(1, 0) : ivec2(0, 1);
    ivec2 line_start = HORIZONTAL ? ivec2(int(gl_WorkGroupID.x) * 64, int(gl_WorkGroupID.y)) : ivec2(int(gl_WorkGroupID.y), int(gl_WorkGroupID.x) * 64);
    int k = 0;
    uint v = 1u;
    bool v_1 = true;
    while (true) {
        if (!v_1) {
            break;
        }
        int t = int(gl_LocalInvocationIndex) + k * 64;
        if (t < 64 + 2 * radius) {
            ivec2 p = line_start + axis * ivec2(t - radius);
            uint i = load_index(p);
            float t_1 = src[min(i, uint(src.length()) - 1u)];
            tile_values[min(uint(t), 79u)] = t_1;
            float t_2 = depth[min(i, uint(depth.length()) - 1u)];
            tile_depths[min(uint(t), 79u)] = t_2;
        }
        bool next_v = v != 0u;
        k = k + 1;
        v = v - 1u;
        v_1 = next_v;
    }
    memoryBarrierShared();
    barrier();
    int center = int(gl_LocalInvocationIndex) + radius;
    float center_depth = tile_depths[min(uint(center), 79u)];
    float sigma = max(float(radius) * 0.5, 0.5);
    int t_3 = -radius;
    int offset = t_3;
    uint v_2 = uint(radius) - uint(t_3);
    bool v_3 = t_3 <= radius;
    float sum = 0.0;
    float weight_sum = 0.0;
    float sum_1;
    float weight_sum_1;
    while (true) {
        if (!v_3) {
            sum_1 = sum;
            weight_sum_1 = weight_sum;
            break;
        }
        float x = float(offset);
        float w = exp(-x * x / (2.0 * sigma * sigma));
        float w_1 = w;
        if (BILATERAL) {
            float t_4 = tile_depths[min(uint(center + offset), 79u)];
            float dz = (t_4 - center_depth) * DEPTH_SHARPNESS;
            w_1 = w * exp(-dz * dz);
        }
        float t_5 = tile_values[min(uint(center + offset), 79u)];
        float sum_2 = sum + t_5 * w_1;
        float weight_sum_2 = weight_sum + w_1;
        bool next_v_1 = v_2 != 0u;
        offset = offset + 1;
        v_2 = v_2 - 1u;
        v_3 = next_v_1;
        sum = sum_2;
        weight_sum = weight_sum_2;
    }
    ivec2 out_p = line_start + axis * ivec2(int(gl_LocalInvocationIndex));
    if (out_p.x < int(image.size.x) && out_p.y < int(image.size.y)) {
        uint load_index_1 = load_index(out_p);
        dst[min(load_index_1, uint(dst.length()) - 1u)] = sum_1 / max(weight_sum_1, 1e-6);
    }
}
