#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int inputs[]; };
layout(set = 0, binding = 1, std430) buffer B1 { int results[]; };
int classify(int pos) {
    switch (pos) { case 1: return 0; case 2: return 1; case 3: case 4: return 2; case 5: return 3; default: return 4; }
}
int dead_after_break(int x) { int n = 0; for (;;) { n++; if (n >= x) break; } return n; }
uint break_if_separate() { uint c = 0u; do { c += 1u; } while (c != 5u); return c; }
int nested(int x, int y, int z) {
    int acc = 0;
    for (int i = 0; i <= 9; i++) {
        int m = (i + x) % 3;
        if (m == 1) continue;
        if (m == 2) {
            if ((i + y) % 2 == 1) continue;
            for (int j = 1; j <= z; j++) { if (j == 2) break; acc += 100; }
        }
        acc += i;
    }
    return acc;
}
int find(int t) { for (int i = 0; i < 8; i++) for (int j = 0; j < 8; j++) if (i * 8 + j == t) return i * 10 + j; return -1; }
int do_blocks(int x) { int r = 0; for (int i = 1; i <= 10; i++) { if (i > x) break; r += i; } return r; }
void main() {
    for (int k = 0; k <= 6; k++) results[k] = classify(k);
    results[7] = 0;
    results[8] = dead_after_break(inputs[0]);
    results[9] = int(break_if_separate());
    results[10] = nested(inputs[1], inputs[2], inputs[3]);
    results[11] = find(inputs[4]);
    results[12] = find(100);
    results[13] = do_blocks(inputs[5]);
    int r = 0; for (int i = 10; i >= 1; i -= 3) r = r * 100 + i;
    results[14] = r;
    results[15] = 7;
}
