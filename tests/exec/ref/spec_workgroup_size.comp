#version 450
layout(local_size_x = 4, local_size_x_id = 0, local_size_y = 2, local_size_y_id = 1) in;
layout(constant_id = 0) const int GROUP = 4;
layout(constant_id = 1) const uint ROWS = 2u;
layout(set = 0, binding = 0, std430) buffer B0 { uint cells[]; };
layout(set = 0, binding = 1, std430) buffer B1 { uint sums[]; };
shared uint seen[64];
void main() {
    uint li = gl_LocalInvocationIndex;
    uvec3 gid = gl_GlobalInvocationID;
    uint width = uint(GROUP) * 2u;
    cells[gid.y * width + gid.x] = li + 100u * uint(GROUP) + 1000u * ROWS;
    seen[li] = li + 1u;
    barrier();
    if (li == 0u) {
        uint total = 0u;
        for (int i = 0; i <= 63; i++) {
            if (uint(i) < uint(GROUP) * ROWS) {
                total += seen[i];
            }
        }
        sums[gl_WorkGroupID.x] = total;
    }
}
