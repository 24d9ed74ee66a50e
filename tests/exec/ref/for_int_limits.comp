#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { ivec4 params[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { uvec4 uparams[]; };
layout(set = 0, binding = 2, std430) buffer B2 { ivec4 o[]; };
layout(set = 0, binding = 3, std430) buffer B3 { uvec4 uout[]; };
uint trip_count(int a, int b, int s) {
    if (s == 0) return 0u;
    if (s > 0) return a > b ? 0u : (uint(b) - uint(a)) / uint(s) + 1u;
    return a < b ? 0u : (uint(a) - uint(b)) / (0u - uint(s)) + 1u;
}
void main() {
    for (int c = 0; c <= 6; c++) {
        ivec4 p = params[c];
        uint count = min(trip_count(p.x, p.y, p.z), 16u);
        int n = 0, first = 0, last = 0, i = p.x;
        for (uint k = 0u; k < count; k++) { if (n == 0) first = i; last = i; n += 1; i += p.z; }
        o[c] = ivec4(n, first, last, 0);
    }
    o[7] = ivec4(3, 3, 0, 0);
    for (int c = 0; c <= 2; c++) {
        uvec4 p = uparams[c];
        uint count = p.z == 0u ? 0u : (p.x > p.y ? 0u : (p.y - p.x) / p.z + 1u);
        uint n = 0u, last = 0u, i = p.x;
        for (uint k = 0u; k < count; k++) { last = i; n += 1u; i += p.z; }
        uout[c] = uvec4(n, last, 0u, 0u);
    }
}
