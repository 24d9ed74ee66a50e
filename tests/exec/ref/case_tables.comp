#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, std140) uniform Params { float iso; int cells; };
layout(set = 0, binding = 1, std430) readonly buffer Field { float field[]; };
layout(set = 0, binding = 2, std430) buffer CellOut { uvec4 cell_out[]; };
layout(set = 0, binding = 3, std430) buffer Totals { uint totals[]; };
const uint EDGE_TABLE[64] = uint[64](0u, 2353u, 610u, 3219u, 1220u, 757u, 2342u, 87u, 2440u, 953u, 1514u, 3867u, 588u, 2941u, 174u, 1759u, 784u, 3137u, 1906u, 419u, 3028u, 261u, 3638u, 1383u, 1176u, 3785u, 1786u, 2091u, 348u, 1933u, 3518u, 1007u, 1568u, 3921u, 2178u, 691u, 3812u, 1045u, 838u, 2679u, 1960u, 2521u, 522u, 1339u, 3180u, 669u, 2766u, 255u, 2352u, 609u, 3474u, 1987u, 3572u, 2853u, 86u, 3719u, 696u, 1257u, 3866u, 1611u, 2940u, 429u, 2014u, 3343u);
const int SEGMENTS[16][4] = int[16][4](int[4](-1, -1, -1, -1), int[4](0, 3, -1, -1), int[4](0, 1, -1, -1), int[4](1, 3, -1, -1), int[4](1, 2, -1, -1), int[4](0, 1, 2, 3), int[4](0, 2, -1, -1), int[4](2, 3, -1, -1), int[4](2, 3, -1, -1), int[4](0, 2, -1, -1), int[4](0, 3, 1, 2), int[4](1, 2, -1, -1), int[4](1, 3, -1, -1), int[4](0, 1, -1, -1), int[4](0, 3, -1, -1), int[4](-1, -1, -1, -1));
const ivec3 CORNERS[8] = ivec3[8](ivec3(0,0,0), ivec3(1,0,0), ivec3(1,1,0), ivec3(0,1,0), ivec3(0,0,1), ivec3(1,0,1), ivec3(1,1,1), ivec3(0,1,1));
const ivec2 SQUARE_EDGES[4] = ivec2[4](ivec2(0,1), ivec2(1,2), ivec2(2,3), ivec2(3,0));
float sample_field(ivec3 p) { ivec3 q = clamp(p, ivec3(0), ivec3(3)); return field[(q.z * 4 + q.y) * 4 + q.x]; }
void main() {
    int c = int(gl_GlobalInvocationID.x);
    if (c >= cells) return;
    ivec3 base = ivec3(c % 3, (c / 3) % 3, c / 9);
    uint cube = 0u;
    for (int k = 0; k < 8; ++k) if (sample_field(base + CORNERS[k]) < iso) cube |= 1u << uint(k);
    int square = int(cube & 15u);
    uint code = 0u;
    for (int s = 0; s < 4; ++s) {
        int e = SEGMENTS[square][s];
        if (e >= 0) code = code * 16u + uint(SQUARE_EDGES[e].x * 4 + SQUARE_EDGES[e].y);
    }
    uint mask = EDGE_TABLE[cube & 63u];
    int tris = bitCount(mask) / 3;
    cell_out[c] = uvec4(cube, mask, uint(tris), code);
    if (tris > 0) { atomicAdd(totals[0], uint(tris)); atomicAdd(totals[1], 1u); }
}
