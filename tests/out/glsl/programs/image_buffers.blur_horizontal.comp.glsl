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

bool inside(uvec3 id) {
    return id.x < image.width && id.y < image.height;
}

float[9] gaussian_weights() {
    float w[9] = float[9](0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    w = float[9](0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    int radius = clamp(image.radius, 0, 8);
    int i = 0;
    uint v = 8u;
    bool v_1 = true;
    float total = 0.0;
    float total_1;
    while (true) {
        if (!v_1) {
            total_1 = total;
            break;
        }
        if (i > radius) {
            total_1 = total;
            break;
        }
        float x = float(i);
        w[min(uint(i), 8u)] = exp(-x * x / (2.0 * image.sigma * image.sigma));
        float v_2;
        if (i == 0) {
            float t = w[min(uint(i), 8u)];
            v_2 = t;
        } else {
            float t_1 = w[min(uint(i), 8u)];
            v_2 = 2.0 * t_1;
        }
        float total_2 = total + v_2;
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        total = total_2;
    }
    int i_1 = 0;
    uint v_3 = 8u;
    bool v_4 = true;
    while (true) {
        if (!v_4) {
            break;
        }
        float t_2 = w[min(uint(i_1), 8u)];
        w[min(uint(i_1), 8u)] = t_2 / total_1;
        bool next_v_1 = v_3 != 0u;
        i_1 = i_1 + 1;
        v_3 = v_3 - 1u;
        v_4 = next_v_1;
    }
    float w_1[9] = w;
    return w_1;
}

void blur(uvec3 id, ivec2 axis) {
    float w[9] = float[9](0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    bool inside_1 = inside(id);
    if (!inside_1) {
        return;
    }
    float gaussian_weights_1[9] = gaussian_weights();
    w = gaussian_weights_1;
    int radius = clamp(image.radius, 0, 8);
    ivec2 p = ivec2(id.xy);
    vec4 texel_1 = texel(p.x, p.y);
    float t = w[0u];
    vec4 sum = texel_1 * t;
    int i = 1;
    uint v = uint(radius) - 1u;
    bool v_1 = 1 <= radius;
    uint v_2 = 0u;
    vec4 sum_1 = sum;
    vec4 sum_2;
    while (true) {
        if (!(v_2 < 8u)) {
            sum_2 = sum_1;
            break;
        }
        if (!v_1) {
            sum_2 = sum_1;
            break;
        }
        ivec2 a = p + axis * ivec2(i);
        ivec2 b = p - axis * ivec2(i);
        vec4 texel_2 = texel(a.x, a.y);
        vec4 texel_3 = texel(b.x, b.y);
        float t_1 = w[min(uint(i), 8u)];
        vec4 sum_3 = sum_1 + (texel_2 + texel_3) * t_1;
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        sum_1 = sum_3;
    }
    store(id.x, id.y, sum_2);
}

void main() {
    blur(gl_GlobalInvocationID, ivec2(1, 0));
}
