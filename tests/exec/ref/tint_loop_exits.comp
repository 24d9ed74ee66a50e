#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer B0 { uint count; uint data[50]; } b;
layout(set = 0, binding = 1, std140) uniform U { int bound; ivec3 starts; ivec2 limit; } params;
layout(set = 0, binding = 2, std430) buffer B2 { uint flags[4]; };
layout(set = 0, binding = 3, std430) buffer B3 { int out_int[8]; };
int double_past_ten(int i) {
    for (int k = 0; k < 40; k++) { i = i * 2; if (i > 10) break; }
    return i;
}
void main() {
    for (uint i = 0u; i < b.count; i++) { if (i % 2u != 0u) b.data[i] = 0u; b.data[i] *= 2u; }
    out_int[0] = double_past_ten(params.starts.x);
    out_int[1] = double_past_ten(params.starts.y);
    out_int[2] = double_past_ten(params.starts.z);
    out_int[3] = params.starts.x + 1;
    out_int[4] = (params.starts.x > 0 ? 1 : 2) * 10 + (-params.starts.x > 0 ? 1 : 2);
    flags[0] = 3u;
    int s = 0;
    for (int k = 0; k < 10; k++) { if (flags[1] == 0u) break; s += 5; flags[1] = 0u; }
    out_int[5] = s;
    int y = 0;
    for (int k = 0; k < 100; k++) { if (y >= params.limit.y) break; if (y >= params.limit.x) break; y++; }
    out_int[6] = y;
}
