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

float luma(vec4 c) {
    return dot(c.xyz, vec3(0.299, 0.587, 0.114));
}

bool inside(uvec3 id) {
    return id.x < image.width && id.y < image.height;
}

void main() {
    float l[9] = float[9](0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    bool inside_1 = inside(gl_GlobalInvocationID);
    if (!inside_1) {
        return;
    }
    int x = int(gl_GlobalInvocationID.x);
    int y = int(gl_GlobalInvocationID.y);
    l = float[9](0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    int j = -1;
    uint v = 2u;
    bool v_1 = true;
    while (true) {
        if (!v_1) {
            break;
        }
        int i = -1;
        uint v_2 = 2u;
        bool v_3 = true;
        while (true) {
            if (!v_3) {
                break;
            }
            vec4 texel_1 = texel(x + i, y + j);
            float luma_1 = luma(texel_1);
            l[min(uint((j + 1) * 3 + (i + 1)), 8u)] = luma_1;
            bool next_v = v_2 != 0u;
            i = i + 1;
            v_2 = v_2 - 1u;
            v_3 = next_v;
        }
        bool next_v_1 = v != 0u;
        j = j + 1;
        v = v - 1u;
        v_1 = next_v_1;
    }
    float t = l[2u];
    float t_1 = l[5u];
    float t_2 = l[8u];
    float t_3 = l[0u];
    float t_4 = l[3u];
    float t_5 = l[6u];
    float gx = t + 2.0 * t_1 + t_2 - (t_3 + 2.0 * t_4 + t_5);
    float t_6 = l[6u];
    float t_7 = l[7u];
    float t_8 = l[8u];
    float t_9 = l[0u];
    float t_10 = l[1u];
    float t_11 = l[2u];
    float gy = t_6 + 2.0 * t_7 + t_8 - (t_9 + 2.0 * t_10 + t_11);
    float magnitude = sqrt(gx * gx + gy * gy);
    float direction = atan(gy, gx);
    store(gl_GlobalInvocationID.x, gl_GlobalInvocationID.y, vec4(vec3(magnitude), direction / 6.2831855 + 0.5));
}
