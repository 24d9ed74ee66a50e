#version 450
#extension GL_EXT_control_flow_attributes : require

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

int sum_to(int n) {
    int total = 0;
    int i = 1;
    int total_1;
    int last;
    while (true) {
        if (i > n) {
            total_1 = total;
            last = i;
            break;
        }
        int t = total + i;
        int t_1 = i + 1;
        if (t == 10) {
            total = t + 1;
            i = t_1;
            continue;
        }
        total = t;
        i = t_1;
    }
    return total_1 + last;
}

float pick(bool c, float a) {
    float both;
    if (c) {
        both = a * 2.0;
    } else {
        both = a + 1.0;
    }
    float folded_reject = both;
    if (c) {
        folded_reject = both * both;
    }
    float folded_accept;
    if (c) {
        folded_accept = 1.0;
    } else {
        folded_accept = folded_reject - 1.0;
    }
    return folded_accept;
}

void noop() {
}

void main() {
    int sum_to_1 = sum_to(10);
    float pick_1 = pick(sum_to_1 < 0, 1.0);
    noop();
    [[dont_unroll]]
    while (true) {
        [[unroll]]
        while (true) {
            break;
        }
        if (pick_1 > 1.0) {
            return;
        } else {
            break;
        }
    }
    int j = 0;
    int v;
    while (true) {
        if (j >= 10) {
            v = j;
            break;
        } else {
            j = j + 1;
            continue;
        }
    }
}
