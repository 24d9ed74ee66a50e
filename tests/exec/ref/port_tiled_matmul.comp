#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, std140) uniform U0 { uint m; uint n; uint k; float alpha; } dims;
layout(set = 0, binding = 1, std430) readonly buffer B1 { float a[]; };
layout(set = 0, binding = 2, std430) readonly buffer B2 { float b[]; };
layout(set = 0, binding = 3, std430) buffer B3 { float c[]; };
shared float ta[8][8];
shared float tb[64];
void main() {
    uint row = gl_GlobalInvocationID.y;
    uint col = gl_GlobalInvocationID.x;
    uvec3 lid = gl_LocalInvocationID;
    float acc = 0.0;
    uint tiles = (dims.k + 7u) / 8u;
    for (uint t = 0u; t < tiles; t++) {
        uint ac = t * 8u + lid.x;
        uint br = t * 8u + lid.y;
        ta[lid.y][lid.x] = (row < dims.m && ac < dims.k) ? a[row * dims.k + ac] : 0.0;
        tb[lid.y * 8u + lid.x] = (br < dims.k && col < dims.n) ? b[br * dims.n + col] : 0.0;
        barrier();
        for (int i = 0; i < 8; i++) acc = fma(ta[lid.y][i], tb[i * 8 + int(lid.x)], acc);
        barrier();
    }
    if (row < dims.m && col < dims.n) c[row * dims.n + col] = dims.alpha * acc;
}
