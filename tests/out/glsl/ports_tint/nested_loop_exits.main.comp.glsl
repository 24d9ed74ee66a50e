#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer data_block {
    int data[4];
};

int doubled(int start) {
    uint v = 0u;
    int i = start;
    int i_1;
    while (true) {
        if (!(v < 40u)) {
            i_1 = i;
            break;
        }
        int i_2;
        while (true) {
            if (!(0u < 8u)) {
                i_2 = i;
                break;
            }
            if (i > 5) {
                int i_3 = i * 2;
                i_2 = i_3;
                break;
            } else {
                int i_4 = i * 3;
                i_2 = i_4;
                break;
            }
        }
        if (i_2 > 10) {
            i_1 = i_2;
            break;
        }
        v = v + 1u;
        i = i_2;
    }
    return i_1;
}

uint once(int x) {
    uint out_;
    while (true) {
        if (!(0u < 4u)) {
            out_ = 0u;
            break;
        }
        uint out_1 = 0u;
        if (x == 1) {
            out_1 = 0u + 10u;
        }
        uint out_2 = out_1 + 1u;
        out_ = out_2;
        break;
    }
    return out_;
}

void main() {
    int t = data[0u];
    int doubled_1 = doubled(t);
    data[0u] = doubled_1;
    uint v = 0u;
    while (true) {
        if (!(v < 4u)) {
            break;
        }
        int t_1 = data[1u];
        if (t_1 > 100) {
            data[1u] = 0;
        } else {
            break;
        }
        v = v + 1u;
    }
    int t_2 = data[2u];
    uint once_1 = once(t_2);
    data[2u] = int(once_1);
    uint v_1 = 0u;
    while (true) {
        if (!(v_1 < 4u)) {
            break;
        }
        while (true) {
            if (!(0u < 4u)) {
                break;
            }
            int t_3 = data[3u];
            if (t_3 > 0) {
                int t_4 = data[3u];
                data[3u] = t_4 - 1;
                break;
            } else {
                int t_5 = data[3u];
                data[3u] = t_5 + 1;
                break;
            }
        }
        int t_6 = data[3u];
        if (t_6 != 5) {
            break;
        }
        v_1 = v_1 + 1u;
    }
}
