#version 450
layout(local_size_x = 1) in;
layout(constant_id = 0) const uint S = 10u;
layout(constant_id = 1) const int VALUE = 2;
layout(constant_id = 2) const float SCALE = 1.5;
layout(constant_id = 3) const bool FLIP = false;
layout(constant_id = 4) const int NEG = -3;
layout(set = 0, binding = 0, std140) uniform Block { vec4 samples[4]; } block;
layout(set = 0, binding = 1, std430) buffer R { float results[16]; };
layout(set = 0, binding = 2, std430) buffer I { int iresults[8]; };
// truncated remainder and division as Luma defines them (GLSL leaves negative % undefined)
int trem(int a, int b) { return a - b * (a / b); }
void main() {
    const uint f = S > 20u ? 30u : 50u;
    results[0] = float(f);
    results[1] = block.samples[min(uint(VALUE), 3u)].y;
    results[2] = float(VALUE * 3 + int(S)) * SCALE;
    results[3] = FLIP ? 1.0 : -1.0;
    results[4] = float(S / 3u) + float(S % 3u) * 0.5;
    results[5] = float(NEG / 2) + float(trem(NEG, 2)) * 10.0;
    results[6] = float(NEG >> 1) + float(-NEG << 2);
    results[7] = float(uint(NEG) >> 28u);
    results[8] = SCALE * 2.0 + float(!FLIP);
    results[9] = float(min(VALUE, NEG)) + float(max(S, 15u));
    float acc = 0.0;
    for (int i = 0; i <= VALUE; i++) acc += block.samples[min(uint(i), 3u)].x;
    results[10] = acc;
    results[11] = float(int(SCALE * 3.0));
    results[12] = (FLIP || S == 12u) ? SCALE : -SCALE;
    iresults[0] = VALUE - NEG;
    iresults[1] = int(S) * NEG;
    iresults[2] = abs(NEG);
    iresults[3] = ~VALUE;
    iresults[4] = int(FLIP) + int(S != 10u) * 2;
    iresults[5] = NEG / VALUE;
    iresults[6] = int(floatBitsToUint(SCALE) >> 20u);
    iresults[7] = (VALUE & NEG) | 16;
}
