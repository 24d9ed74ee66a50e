#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { ivec4 params[]; };
layout(set = 0, binding = 1, std430) buffer B1 { ivec2 o[]; };
// Lua 5.4's loop: the iteration count is computed first, in unsigned arithmetic, so the
// counter never overflows.
uint trip_count(int a, int b, int s) {
    if (s == 0) return 0u;
    if (s > 0) return a > b ? 0u : (uint(b) - uint(a)) / uint(s) + 1u;
    return a < b ? 0u : (uint(a) - uint(b)) / (0u - uint(s)) + 1u;
}
void main() {
    for (int c = 0; c <= 7; c++) {
        ivec4 p = params[c];
        uint count = trip_count(p.x, p.y, p.z);
        int n = 0, sum = 0, i = p.x;
        for (uint k = 0u; k < count; k++) { n += 1; sum += i; i += p.z; }
        o[c] = ivec2(n, sum);
    }
    int bound = params[0].y; int total = 0;
    uint count = trip_count(0, bound, 1);
    for (uint k = 0u; k < count; k++) { bound = 0; total += 1; }
    o[8] = ivec2(total, bound);
}
