#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int values[]; };
layout(set = 0, binding = 1, std430) buffer B1 { int o[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int lanes[]; };
int classify(int x) { if (x < 0) return -1; else if (x == 0) return 0; else if (x < 10) return 1; return 2; }
int find_pair(int s) {
    for (int i = 0; i <= 5; i++) for (int j = i + 1; j <= 5; j++) if (values[i] + values[j] == s) return i * 10 + j;
    return -1;
}
void main() {
    uint lane = gl_LocalInvocationIndex;
    if (lane == 0u) {
        o[0] = classify(values[0]); o[1] = classify(values[1]); o[2] = classify(values[2]); o[3] = classify(values[3]);
        o[4] = find_pair(19); o[5] = find_pair(1000);
    }
    if (lane % 3u == 1u) return;
    lanes[lane] = int(lane) * 10;
}
