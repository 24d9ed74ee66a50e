#version 450
layout(local_size_x = 4) in;
struct Triangle { ivec2 v0; ivec2 v1; ivec2 v2; float depth; uint flags; };
struct TileOut { uint count; uint overflow; uint ids[6]; };
layout(set = 0, binding = 0, std430) readonly buffer Tris { Triangle triangles[]; };
layout(set = 0, binding = 1, std430) buffer Tiles { TileOut tiles[]; };
shared uint tile_count;
shared uint tile_overflow;
shared uint tile_list[6];

int edge(ivec2 a, ivec2 b, ivec2 p) { return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x); }
int bias(ivec2 a, ivec2 b) { return ((a.y == b.y && b.x < a.x) || b.y < a.y) ? 0 : -1; }
bool covers(Triangle t, ivec2 tile) {
    if (edge(t.v0, t.v1, t.v2) <= 0) return false;
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) {
            ivec2 p = (tile * 8 + ivec2(x, y)) * 16 + 8;
            if (edge(t.v1, t.v2, p) + bias(t.v1, t.v2) >= 0 && edge(t.v2, t.v0, p) + bias(t.v2, t.v0) >= 0
                && edge(t.v0, t.v1, p) + bias(t.v0, t.v1) >= 0) return true;
        }
    return false;
}
void main() {
    uint li = gl_LocalInvocationIndex;
    if (li == 0u) { atomicExchange(tile_count, 0u); atomicExchange(tile_overflow, 0u); }
    barrier();
    ivec2 tile = ivec2(gl_WorkGroupID.xy);
    uint n = uint(triangles.length());
    for (uint k = 0u; k < 4u; ++k) {
        uint t = li * 4u + k;
        if (t >= n) break;
        Triangle tri = triangles[t];
        if ((tri.flags & 1u) == 0u && covers(tri, tile)) {
            uint slot = atomicAdd(tile_count, 1u);
            if (slot < 6u) tile_list[slot] = t; else atomicAdd(tile_overflow, 1u);
        }
    }
    barrier();
    uint index = gl_WorkGroupID.y * 2u + gl_WorkGroupID.x;
    if (li == 0u) {
        uint count = min(tile_count, 6u);
        for (int i = 1; i < int(count); ++i) {
            uint key = tile_list[i];
            int j = i - 1;
            while (j >= 0 && tile_list[j] > key) { tile_list[j + 1] = tile_list[j]; j--; }
            tile_list[j + 1] = key;
        }
        tiles[index].count = count;
        tiles[index].overflow = tile_overflow;
        for (int i = 0; i < 6; ++i) tiles[index].ids[i] = uint(i) < count ? tile_list[i] : 0xFFFFFFFFu;
    }
}
