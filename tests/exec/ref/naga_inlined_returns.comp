#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int params[]; };
layout(set = 0, binding = 1, std430) buffer B1 { int outv[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int tally[]; };
int bump(int v) { atomicAdd(tally[0], 1); return v; }
int first_over(int limit) {
    for (int i = 0; i <= 20; i++) { if (i * i > limit) return i; if (i == params[1]) return -i; }
    return 99;
}
bool side(int v) { atomicAdd(tally[1], v); return v > 2; }
int nested_ret(int x) {
    int acc = 0;
    for (int i = 0; i <= 5; i++) {
        for (int j = 0; j <= 5; j++) { if (i * j == x) return acc * 100 + i * 10 + j; acc += 1; }
        if (acc > 40) break;
    }
    return -acc;
}
void main() {
    int n = params[0];
    int total = 0;
    for (int k = 0; k <= n; k++) { int f = first_over(k * 10); total = total * 10 + f; if (f > 5) break; }
    outv[0] = total;
    int s = 0;
    for (int k = 0; k <= 5; k++) { if ((side(k) && side(k + 10)) || side(k + 100)) s += 1; }
    outv[1] = s;
    int w = n > 2 ? bump(7) : bump(8);
    int v = n > 5 ? bump(1) : bump(2);
    outv[2] = w * 10 + v;
    outv[3] = nested_ret(params[2]);
    outv[4] = nested_ret(params[3]);
    int m = 0;
    for (;;) { m += 1; if (first_over(m) == 4 || m > 30) break; }
    outv[5] = m;
}
