#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer B0 { int vals[]; };
layout(set = 0, binding = 1, std430) buffer B1 { int outv[]; };
struct F4 { int input_; int output_; int length_; int xy; vec2 texture_; };
int f_main(int v, int f) { return v * 10 + f; }
int f_lessThan(int a, int b) { return a - b; }
int f_atomicAdd(int l) { return l * 2; }
int f_mul(int t, int d) { return t + d + 1; }
int f_lerp(F4 k) { return k.input_ + k.output_ * 10 + k.length_ * 100 + k.xy * 1000; }
int shadow_param(int a) { int a2 = a * 2; a2 += 1; if (a2 > 0) { int a3 = -a2; a3 -= 100; } return a; }
void main() {
    int three = vals[0], four = vals[1];
    int x = three;
    { int x2 = x + 10; x2 *= 2; outv[0] = x2; }
    outv[1] = x;
    int i = 100; int s = 0;
    for (int i1 = 0; i1 <= 2; i1++) { for (int i2 = 10; i2 <= 10 + i1; i2++) s += i2; s += i1 * 100; }
    outv[2] = s; outv[3] = i;
    outv[4] = four * 2; outv[5] = 5;
    vals[2] = 1 + (three + four);
    outv[6] = max(three, four);
    outv[7] = shadow_param(three);
    int total = 0;
    for (int n = 1; n <= four; n++) { int acc = 0; acc += n; total += acc * 10; }
    outv[8] = total;
    float t = 0.0, w = 0.0;
    for (int g = 0; g < 4 && w < 3.0; g++) { float t2 = w * 2.0; w += 1.0; t2 += 1.0; }
    outv[9] = int(t + w);
    F4 k = F4(three, four, 5, 6, vec2(2.0, 1.0));
    outv[10] = f_lerp(k);
    outv[11] = f_main(three, four) + f_lessThan(four, three) * 100 + f_atomicAdd(7) * 1000;
    outv[12] = f_mul(8, 9) + 10 + 11 + 12 + 13 + 14 + 15 + 16 + 17;
    outv[13] = 18 + 19 + 20 + 21 + 22 + 23 + 24 + 25 + 26 + 27;
    outv[14] = 28 + 29 + 30 + 31 + 32 + int(k.texture_.x * 10.0 + k.texture_.y);
}
