#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int limits[]; };
layout(set = 0, binding = 1, std430) buffer B1 { int o[]; };
int first_pair(int limit) {
    int found = -1;
    for (int i = 0; i <= 7; i++) {
        for (int j = 0; j <= 7; j++) { if (i * j > limit) { found = i * 8 + j; break; } }
        if (found >= 0) break;
    }
    return found;
}
void main() {
    o[0] = first_pair(limits[0]); o[1] = first_pair(limits[1]);
    int count = 0;
    for (int i = 0; i <= 4; i++) for (int j = 0; j <= 9; j++) { if (j > i) break; count += 1; }
    o[2] = count;
    int k = 0; while (true) { k += 3; if (k > limits[0]) break; } o[3] = k;
    int rows = 0, cells = 0;
    for (int i = 1; i <= 6; i++) { rows += 1; int j = 0; while (j < 100) { j += i; cells += 1; if (j >= limits[2]) break; } }
    o[4] = rows; o[5] = cells;
}
