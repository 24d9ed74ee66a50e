#version 450
// Reference for buffer_index_clamp.luma: Luma's meaning (the clamped element) written out in
// GLSL.
layout(local_size_x = 1) in;
struct Item { float w[2]; int tag; vec3 v; mat2 m; };
layout(set = 0, binding = 0, std430) buffer B0 { Item items[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { int idx[]; };
layout(set = 0, binding = 2, std140) uniform U2 { vec4 rows[3]; ivec4 k; } params;
layout(set = 0, binding = 3, std430) buffer B3 { float outv[]; };
uint cl(int i, uint last) { return min(uint(i), last); }
void main() {
    int a = idx[0], b = idx[1], c = idx[2];
    uint n = uint(items.length()) - 1u;
    items[0].w[cl(a, 1u)] = 10.0;
    items[1].w[cl(b, 1u)] = 20.0;
    items[2].v[cl(c, 2u)] = 30.0;
    items[cl(c, n)].tag = 99;
    items[1].m[cl(a, 1u)] = vec2(5.0, 6.0);
    items[0].m[cl(b, 1u)][cl(c, 1u)] = 7.0;
    outv[0] = items[0].w[cl(a, 1u)];
    outv[1] = float(items[cl(c, n)].tag);
    outv[2] = items[1].v[cl(b, 2u)];
    outv[3] = params.rows[cl(a, 2u)].y + params.rows[cl(b, 2u)].w;
    outv[4] = float(params.k[cl(c, 3u)]);
    outv[5] = items[0].m[1][cl(a, 1u)];
    outv[cl(c, uint(outv.length()) - 1u)] = 42.0;
}
