#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int inputs[]; };
layout(set = 0, binding = 1, std430) buffer B1 { int o[]; };
void main() {
    int x = inputs[0], steps = 0;
    for (int g = 0; g < 1000 && x != 1; g++) { x = (x % 2 == 0) ? x / 2 : 3 * x + 1; steps += 1; }
    o[0] = steps;
    int n = 0; for (int g = 0; g < 5; g++) n += 1; o[1] = n;
    int m = 0; int g2 = 0; for (int i = 1; i <= inputs[1] && g2 < 7; i++, g2++) m += i; o[2] = m;
    int k = 0; for (int g = 0; g < 100 && k < 10 && inputs[k % 2] > 0; g++) k += 1; o[3] = k;
}
