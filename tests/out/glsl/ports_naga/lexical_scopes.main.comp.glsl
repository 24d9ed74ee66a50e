#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer out_block {
    float out_[];
};

float block_scope(bool a) {
    return a ? 4.0 : -4.0;
}

float if_scope(bool a) {
    float r = 0.0;
    if (a) {
        r = 2.0;
    }
    return a ? r : 1.0;
}

float loop_scope(bool a) {
    uint v = 0u;
    float r = 0.0;
    int n = 0;
    float r_1;
    while (true) {
        if (!(v < 3u)) {
            r_1 = r;
            break;
        }
        if (!(n < 3)) {
            r_1 = r;
            break;
        }
        float a_1 = float(n) * 0.5;
        float r_2 = r + a_1;
        int n_1 = n + 1;
        v = v + 1u;
        r = r_2;
        n = n_1;
    }
    return a ? r_1 : -r_1;
}

float for_scope(float a) {
    int a_1 = 0;
    uint v = 1u;
    bool v_1 = true;
    float r = 0.0;
    float r_1;
    while (true) {
        if (!v_1) {
            r_1 = r;
            break;
        }
        float r_2 = r + float(a_1);
        bool next_v = v != 0u;
        a_1 = a_1 + 1;
        v = v - 1u;
        v_1 = next_v;
        r = r_2;
    }
    return a + r_1;
}

float while_scope(int a) {
    uint v = 0u;
    int i = a;
    int i_1;
    while (true) {
        if (!(v < 8u)) {
            i_1 = i;
            break;
        }
        if (!(i > 2)) {
            i_1 = i;
            break;
        }
        int i_2 = i - 1;
        v = v + 1u;
        i = i_2;
    }
    return float(a + i_1);
}

void main() {
    bool flag = gl_LocalInvocationIndex == 0u;
    float block_scope_1 = block_scope(flag);
    float if_scope_1 = if_scope(flag);
    float loop_scope_1 = loop_scope(flag);
    float for_scope_1 = for_scope(float(gl_LocalInvocationIndex));
    float while_scope_1 = while_scope(int(gl_LocalInvocationIndex) + 5);
    out_[min(0u, uint(out_.length()) - 1u)] = block_scope_1 + if_scope_1 + loop_scope_1 + for_scope_1 + while_scope_1;
}
