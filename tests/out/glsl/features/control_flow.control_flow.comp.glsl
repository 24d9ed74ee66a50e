#version 450
#extension GL_EXT_control_flow_attributes : require

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Inner {
    vec3 v;
    int k;
};

struct Outer {
    Inner inner;
    Inner items[4];
    float weight;
};

layout(set = 0, binding = 0, std140) uniform params_block {
    int n;
    int step_;
    uint count;
    int target;
} params;
layout(set = 0, binding = 1, std430) readonly buffer values_block {
    int values[];
};
layout(set = 0, binding = 2, std430) buffer results_block {
    int results[];
};

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
uint luma_div(uint a, uint b) {
    return a / (b == 0u ? 1u : b);
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

int classify(int x) {
    if (x < 0) {
        return -1;
    } else if (x == 0) {
        return 0;
    } else if (x < 10) {
        return 1;
    } else {
        return 2;
    }
}

int find(int target) {
    uint t = uint(values.length());
    int t_1 = int(t) - 1;
    int i = 0;
    uint v = uint(t_1) - 0u;
    bool v_1 = 0 <= t_1;
    uint v_2 = 0u;
    while (true) {
        if (!(v_2 < 1024u)) {
            break;
        }
        if (!v_1) {
            break;
        }
        int t_2 = values[min(uint(i), uint(values.length()) - 1u)];
        if (t_2 == target) {
            return i;
        }
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
    }
    return -1;
}

int sum_down(int n) {
    int i = n;
    uint v = uint(n) - 1u;
    bool v_1 = n >= 1;
    uint v_2 = 0u;
    int total = 0;
    int total_1;
    while (true) {
        if (!(v_2 < 1000u)) {
            total_1 = total;
            break;
        }
        if (!v_1) {
            total_1 = total;
            break;
        }
        int total_2 = total + i;
        bool next_v = v != 0u;
        i = i + -1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        total = total_2;
    }
    return total_1;
}

int nested_break(int limit) {
    int i = 0;
    uint v = 7u;
    bool v_1 = true;
    int found = -1;
    int found_1;
    while (true) {
        if (!v_1) {
            found_1 = found;
            break;
        }
        int j = 0;
        uint v_2 = 7u;
        bool v_3 = true;
        int found_2;
        while (true) {
            if (!v_3) {
                found_2 = found;
                break;
            }
            if (i * j > limit) {
                int found_3 = i * 8 + j;
                found_2 = found_3;
                break;
            }
            bool next_v = v_2 != 0u;
            j = j + 1;
            v_2 = v_2 - 1u;
            v_3 = next_v;
        }
        if (found_2 >= 0) {
            found_1 = found_2;
            break;
        }
        bool next_v_1 = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v_1;
        found = found_2;
    }
    return found_1;
}

void main() {
    int arr[8] = int[8](0, 0, 0, 0, 0, 0, 0, 0);
    Outer outer = Outer(Inner(vec3(0.0), 0), Inner[4](Inner(vec3(0.0), 0), Inner(vec3(0.0), 0), Inner(vec3(0.0), 0), Inner(vec3(0.0), 0)), 0.0);
    int classify_1 = classify(params.n);
    int classify_2 = classify(-params.n);
    int classify_3 = classify(0);
    results[min(0u, uint(results.length()) - 1u)] = classify_1 + classify_2 + classify_3;
    int find_1 = find(params.target);
    results[min(1u, uint(results.length()) - 1u)] = find_1;
    int sum_down_1 = sum_down(params.n);
    results[min(2u, uint(results.length()) - 1u)] = sum_down_1;
    int nested_break_1 = nested_break(params.n);
    results[min(3u, uint(results.length()) - 1u)] = nested_break_1;
    int i = 10;
    uint v = 3u;
    bool v_1 = true;
    int acc = 0;
    int acc_1;
    while (true) {
        if (!v_1) {
            acc_1 = acc;
            break;
        }
        int acc_2 = acc + i;
        bool next_v = v != 0u;
        i = i + -3;
        v = v - 1u;
        v_1 = next_v;
        acc = acc_2;
    }
    int n = params.n;
    int step_ = params.step_;
    uint t = uint(n);
    bool t_1 = step_ > 0;
    int i_1 = 0;
    uint v_2 = t_1 ? luma_div(t - 0u, uint(step_)) : luma_div(0u - t, uint(-(step_ + 1)) + 1u);
    bool v_3 = (t_1 && 0 <= n) || (step_ < 0 && 0 >= n);
    uint v_4 = 0u;
    int acc_3 = acc_1;
    int acc_4;
    while (true) {
        if (!(v_4 < 100u)) {
            acc_4 = acc_3;
            break;
        }
        if (!v_3) {
            acc_4 = acc_3;
            break;
        }
        int acc_5 = acc_3 + i_1 * 3;
        bool next_v_1 = v_2 != 0u;
        i_1 = i_1 + step_;
        v_2 = v_2 - 1u;
        v_3 = next_v_1;
        v_4 = v_4 + 1u;
        acc_3 = acc_5;
    }
    uint count = params.count;
    uint i_2 = 0u;
    uint v_5 = count - 0u;
    bool v_6 = 0u <= count;
    uint v_7 = 0u;
    int acc_6 = acc_4;
    int acc_7;
    while (true) {
        if (!(v_7 < 64u)) {
            acc_7 = acc_6;
            break;
        }
        if (!v_6) {
            acc_7 = acc_6;
            break;
        }
        int acc_8 = acc_6 + int(i_2);
        bool next_v_2 = v_5 != 0u;
        i_2 = i_2 + 1u;
        v_5 = v_5 - 1u;
        v_6 = next_v_2;
        v_7 = v_7 + 1u;
        acc_6 = acc_8;
    }
    int i_3 = 0;
    uint v_8 = 3u;
    bool v_9 = true;
    int acc_9 = acc_7;
    int acc_10;
    [[unroll]]
    while (true) {
        if (!v_9) {
            acc_10 = acc_9;
            break;
        }
        int acc_11 = acc_9 ^ i_3;
        bool next_v_3 = v_8 != 0u;
        i_3 = i_3 + 1;
        v_8 = v_8 - 1u;
        v_9 = next_v_3;
        acc_9 = acc_11;
    }
    int i_4 = -4;
    uint v_10 = 4u;
    bool v_11 = true;
    int acc_12 = acc_10;
    int acc_13;
    while (true) {
        if (!v_11) {
            acc_13 = acc_12;
            break;
        }
        int acc_14 = acc_12 - i_4;
        bool next_v_4 = v_10 != 0u;
        i_4 = i_4 + 2;
        v_10 = v_10 - 1u;
        v_11 = next_v_4;
        acc_12 = acc_14;
    }
    results[min(4u, uint(results.length()) - 1u)] = acc_13;
    int x = params.n;
    uint v_12 = 0u;
    int x_1 = x;
    int steps = 0;
    int x_2;
    int steps_1;
    while (true) {
        if (!(v_12 < 256u)) {
            x_2 = x_1;
            steps_1 = steps;
            break;
        }
        if (!(x_1 != 1 && x_1 > 0)) {
            x_2 = x_1;
            steps_1 = steps;
            break;
        }
        int x_3 = luma_rem(x_1, 2) == 0 ? x_1 / 2 : 3 * x_1 + 1;
        int steps_2 = steps + 1;
        v_12 = v_12 + 1u;
        x_1 = x_3;
        steps = steps_2;
    }
    int x_4 = steps_1 * 2;
    results[min(5u, uint(results.length()) - 1u)] = x_4;
    results[min(6u, uint(results.length()) - 1u)] = x_2;
    int c = params.n;
    int c_1 = c + 5;
    int c_2 = c_1 - 2;
    int c_3 = c_2 * 3;
    int c_4 = c_3 / 2;
    int c_5 = luma_rem(c_4, 1000);
    int c_6 = c_5 & 65535;
    int c_7 = c_6 | 256;
    int c_8 = c_7 << 2u;
    int c_9 = c_8 >> 1u;
    uint u = params.count;
    uint u_1 = u << 1u;
    uint u_2 = u_1 >> 2u;
    results[min(7u, uint(results.length()) - 1u)] = c_9 + int(u_2);
    arr = int[8](0, 1, 2, 3, 4, 5, 6, 7);
    arr[min(uint(params.n & 7), 7u)] = 42;
    int t_2 = arr[1u];
    int t_3 = arr[0u];
    arr[0u] = t_3 + t_2;
    outer = Outer(Inner(vec3(1.0), 1), Inner[4](Inner(vec3(0.0), 0), Inner(vec3(1.0), 1), Inner(vec3(2.0), 2), Inner(vec3(3.0), 3)), 0.5);
    outer.inner.v.x = 2.0;
    outer.items[min(uint(params.n & 3), 3u)].k = 7;
    outer.items[1u].v.y = 4.0;
    outer.items[1u].v.z = 5.0;
    float weight = outer.weight;
    outer.weight = weight * 2.0;
    int t_4 = arr[0u];
    int t_5 = arr[min(uint(params.n & 7), 7u)];
    int k = outer.items[3u].k;
    float t_6 = outer.inner.v.x;
    float weight_1 = outer.weight;
    results[min(8u, uint(results.length()) - 1u)] = t_4 + t_5 + 8 + k + int(t_6 + weight_1);
    uint t_7 = uint(values.length());
    results[min(9u, uint(results.length()) - 1u)] = int(t_7) + 1;
}
