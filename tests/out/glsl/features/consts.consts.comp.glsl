#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Range {
    float lo;
    float hi;
};

layout(set = 0, binding = 0, std430) buffer out_ints_block {
    int out_ints[16];
};
layout(set = 0, binding = 1, std430) buffer out_floats_block {
    vec4 out_floats[8];
};

Range make_range(float lo, float hi) {
    return Range(lo, hi);
}

float width(Range r) {
    return r.hi - r.lo;
}

int total(int values[4]) {
    int values_1[4] = int[4](0, 0, 0, 0);
    values_1 = values;
    int i = 0;
    uint v = 3u;
    bool v_1 = true;
    int sum = 0;
    int sum_1;
    while (true) {
        if (!v_1) {
            sum_1 = sum;
            break;
        }
        int t = values_1[min(uint(i), 3u)];
        int sum_2 = sum + t;
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        sum = sum_2;
    }
    return sum_1;
}

void main() {
    float table[8] = float[8](0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    int local[4] = int[4](1, 2, 3, 4);
    float local_1[3] = float[3](1.5, 2.5, 0.5);
    table = float[8](0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0);
    make_range(0.0, 1.0);
    uint fixed_ = gl_LocalInvocationIndex & 255u;
    int t = local[min(gl_LocalInvocationIndex, 3u)];
    out_ints[min(gl_LocalInvocationIndex, 15u)] = t + 2 + (-2147483647 - 1) + 2147483647 + -12 + -3 + -1;
    int total_1 = total(int[4](1, 2, 3, 4));
    int total_2 = total(int[4](4, 3, 2, 1));
    out_ints[min(gl_LocalInvocationIndex + 4u, 15u)] = 4 + total_1 + total_2 + 4;
    out_ints[min(gl_LocalInvocationIndex + 8u, 15u)] = int(15u + fixed_) + int(gl_LocalInvocationIndex < 4u) + 255;
    out_ints[min(gl_LocalInvocationIndex + 12u, 15u)] = 20;
    out_floats[min(gl_LocalInvocationIndex, 7u)] = vec4(1.0, 3.0, 1.0, 3.25);
    float t_1 = table[min(gl_LocalInvocationIndex, 7u)];
    float t_2 = local_1[min(gl_LocalInvocationIndex % 3u, 2u)];
    float width_1 = width(Range(2.0, 4.0));
    float width_2 = width(Range(0.0, 0.5));
    out_floats[min(gl_LocalInvocationIndex + 4u, 7u)] = vec4(t_1, t_2, vec2(0.5, 8.0)) + vec4(width_1, width_2, vec2(0.25, 0.5));
}
