#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer ints_block {
    int ints[];
};
layout(set = 0, binding = 1, std430) buffer floats_block {
    float floats[];
};

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
int luma_div(int a, int b) {
    return a / ((b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b);
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

void main() {
    int wrap = 2147483647 + 1;
    int by_zero = luma_div(1, 0);
    int rem_zero = luma_rem(1, 0);
    int shifted = 1073741824 << 4u;
    int negated = -(-2147483647 - 1);
    float overflow = 3e38 * 3e38;
    float domain = sqrt(-1.0);
    int converted = int(1e20);
    int safe = 6 / 3;
    ints[min(0u, uint(ints.length()) - 1u)] = wrap + by_zero + rem_zero + shifted + negated + converted + safe;
    floats[min(0u, uint(floats.length()) - 1u)] = overflow + domain;
}
