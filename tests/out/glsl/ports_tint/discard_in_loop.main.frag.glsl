#version 450

layout(location = 1) flat in ivec3 x;
layout(location = 2) out int result;

int f(int x_1) {
    if (x_1 == 10) {
        discard;
    }
    return x_1;
}

void main() {
    int y = x.x;
    uint v = 0u;
    int y_1 = y;
    int y_2;
    while (true) {
        if (!(v < 16u)) {
            y_2 = y_1;
            break;
        }
        int r = f(y_1);
        if (r == 0) {
            y_2 = y_1;
            break;
        }
        int y_3 = y_1 - 1;
        v = v + 1u;
        y_1 = y_3;
    }
    result = y_2;
}
