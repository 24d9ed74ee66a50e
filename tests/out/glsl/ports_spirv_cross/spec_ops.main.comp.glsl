#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(constant_id = 0) const uint S = 10u;
layout(constant_id = 1) const int VALUE = 2;
layout(constant_id = 2) const float SCALE = 1.5;
layout(constant_id = 3) const bool FLIP = false;
layout(constant_id = 4) const int NEG = -3;

layout(set = 0, binding = 0, std140) uniform block_block {
    vec4 samples[4];
} block;
layout(set = 0, binding = 1, std430) buffer results_block {
    float results[16];
};
layout(set = 0, binding = 2, std430) buffer iresults_block {
    int iresults[8];
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
    uint f = S > 20u ? 30u : 50u;
    results[0u] = float(f);
    results[1u] = block.samples[min(uint(VALUE), 3u)].y;
    results[2u] = float(VALUE * 3 + int(S)) * SCALE;
    results[3u] = FLIP ? 1.0 : -1.0;
    results[4u] = float(S / 3u) + float(S % 3u) * 0.5;
    results[5u] = float(NEG / 2) + float(luma_rem(NEG, 2)) * 10.0;
    results[6u] = float(NEG >> 1u) + float(-NEG << 2u);
    results[7u] = float(uint(NEG) >> 28u);
    results[8u] = SCALE * 2.0 + float(!FLIP);
    results[9u] = float(min(VALUE, NEG)) + float(max(S, 15u));
    int i = 0;
    uint v = uint(VALUE) - 0u;
    bool v_1 = 0 <= VALUE;
    uint v_2 = 0u;
    float acc = 0.0;
    float acc_1;
    while (true) {
        if (!(v_2 < 16u)) {
            acc_1 = acc;
            break;
        }
        if (!v_1) {
            acc_1 = acc;
            break;
        }
        float acc_2 = acc + block.samples[min(uint(i), 3u)].x;
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        acc = acc_2;
    }
    results[10u] = acc_1;
    results[11u] = float(int(SCALE * 3.0));
    results[12u] = FLIP || S == 12u ? SCALE : -SCALE;
    iresults[0u] = VALUE - NEG;
    iresults[1u] = int(S) * NEG;
    iresults[2u] = abs(NEG);
    iresults[3u] = ~VALUE;
    iresults[4u] = int(FLIP) + int(S != 10u) * 2;
    iresults[5u] = luma_div(NEG, VALUE);
    iresults[6u] = int(floatBitsToUint(SCALE) >> 20u);
    iresults[7u] = (VALUE & NEG) | 16;
}
