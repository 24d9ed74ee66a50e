#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer B0 { int o[]; };
layout(set = 0, binding = 1, std430) buffer B1 { uint uout[]; };
void main() {
    int sum = 0; for (int i = 10; i >= 1; i -= 3) sum += i; o[0] = sum;
    int n = 0; for (int i = 1; i <= 0; i++) n += 1; o[1] = n;
    n = 0; for (int i = 5; i <= 5; i++) n += 1; o[2] = n;
    int sq = 0; n = 0; for (int i = -4; i <= 4; i += 2) { sq += i * i; n += 1; } o[3] = sq; o[4] = n;
    int last = -1; for (int i = 0; i <= 10; i += 3) last = i; o[5] = last;
    n = 0; for (int i = 3; i >= 5; i--) n += 1; o[6] = n;
    uint u = 0u; for (uint k = 0u; k <= 5u; k += 2u) u += k; uout[0] = u;
    int nested = 0; for (int i = 1; i <= 3; i++) for (int j = i; j >= 1; j--) nested += i * 10 + j; o[7] = nested;
}
