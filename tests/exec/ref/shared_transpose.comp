#version 450
layout(local_size_x = 4, local_size_y = 4) in;
shared float tile[4][4];
layout(set = 0, binding = 0, std430) readonly buffer B0 { float src[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float dst[]; };
void main() {
    uvec3 lid = gl_LocalInvocationID, wid = gl_WorkGroupID;
    uint x = wid.x * 4u + lid.x, y = lid.y;
    tile[lid.y][lid.x] = src[y * 8u + x];
    barrier();
    dst[(wid.x * 4u + lid.y) * 4u + lid.x] = tile[lid.x][lid.y];
}
