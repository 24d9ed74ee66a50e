#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Item {
    float uint2x3;
    float dword3;
};

layout(set = 0, binding = 0, std430) buffer half2x4_block {
    float half2x4[];
};
layout(set = 0, binding = 1, std430) buffer layout_block {
    float layout_[];
};
layout(set = 0, binding = 2, std430) readonly buffer int3x2_block {
    Item int3x2[];
};

float min16float2x2(float x) {
    return x * 2.0;
}

void main() {
    float t = half2x4[min(gl_LocalInvocationIndex, uint(half2x4.length()) - 1u)];
    float t_1 = layout_[min(gl_LocalInvocationIndex, uint(layout_.length()) - 1u)];
    float float16_t2 = t + t_1;
    Item uint64_t4x4 = int3x2[min(gl_LocalInvocationIndex, uint(int3x2.length()) - 1u)];
    float min16float2x2_1 = min16float2x2(float16_t2);
    half2x4[min(gl_LocalInvocationIndex, uint(half2x4.length()) - 1u)] = min16float2x2_1 + uint64_t4x4.uint2x3 * uint64_t4x4.dword3;
    uint t_2 = uint(int3x2.length());
    layout_[min(gl_LocalInvocationIndex, uint(layout_.length()) - 1u)] = float(int(t_2));
}
