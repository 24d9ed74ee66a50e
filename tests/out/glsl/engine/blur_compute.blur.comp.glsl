#version 450

layout(local_size_x = 256, local_size_y = 1, local_size_z = 1) in;

layout(push_constant, std430) uniform params_block {
    uint width;
    uint height;
    uint horizontal;
} params;
layout(set = 0, binding = 0, std430) readonly buffer src_block {
    vec4 src[];
};
layout(set = 0, binding = 1, std430) buffer dst_block {
    vec4 dst[];
};
shared vec4 tile[264];

vec4 load_pixel(int x, int y) {
    int cx = min(max(x, 0), int(params.width) - 1);
    int cy = min(max(y, 0), int(params.height) - 1);
    vec4 t = src[min(uint(cy * int(params.width) + cx), uint(src.length()) - 1u)];
    return t;
}

vec4 fetch(int line, int pos) {
    if (params.horizontal != 0u) {
        vec4 load_pixel_1 = load_pixel(pos, line);
        return load_pixel_1;
    }
    vec4 load_pixel_2 = load_pixel(line, pos);
    return load_pixel_2;
}

void main() {
    float local[5] = float[5](0.227027, 0.1945946, 0.1216216, 0.054054, 0.016216);
    int line = int(gl_WorkGroupID.y);
    int start = int(gl_WorkGroupID.x) * 256;
    int i = int(gl_LocalInvocationIndex);
    int pos = start + i - 4;
    vec4 fetch_1 = fetch(line, pos);
    tile[min(uint(i), 263u)] = fetch_1;
    if (i < 8) {
        vec4 fetch_2 = fetch(line, pos + 256);
        tile[min(uint(i + 256), 263u)] = fetch_2;
    }
    memoryBarrierShared();
    barrier();
    vec4 t = tile[min(uint(i + 4), 263u)];
    vec4 sum = t * 0.227027;
    int k = 1;
    uint v = 3u;
    bool v_1 = true;
    vec4 sum_1 = sum;
    vec4 sum_2;
    while (true) {
        if (!v_1) {
            sum_2 = sum_1;
            break;
        }
        vec4 t_1 = tile[min(uint(i + 4 - k), 263u)];
        vec4 t_2 = tile[min(uint(i + 4 + k), 263u)];
        float t_3 = local[min(uint(k), 4u)];
        vec4 sum_3 = sum_1 + (t_1 + t_2) * t_3;
        bool next_v = v != 0u;
        k = k + 1;
        v = v - 1u;
        v_1 = next_v;
        sum_1 = sum_3;
    }
    int x = start + i;
    if (params.horizontal != 0u) {
        if (x < int(params.width) && line < int(params.height)) {
            dst[min(uint(line * int(params.width) + x), uint(dst.length()) - 1u)] = sum_2;
        }
    } else if (x < int(params.height) && line < int(params.width)) {
        dst[min(uint(x * int(params.width) + line), uint(dst.length()) - 1u)] = sum_2;
    }
}
