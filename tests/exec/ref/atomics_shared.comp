#version 450
layout(local_size_x = 64) in;
shared uint bins[8];
shared int total;
layout(set = 0, binding = 0, std430) readonly buffer B0 { uint values[]; };
layout(set = 0, binding = 1, std430) buffer B1 { uint global_bins[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int group_totals[]; };
void main() {
    uint lane = gl_LocalInvocationIndex;
    if (lane < 8u) bins[lane] = 0u;
    if (lane == 0u) total = 0;
    barrier();
    uint v = values[gl_GlobalInvocationID.x];
    atomicAdd(bins[v], 1u); atomicAdd(total, int(v));
    barrier();
    if (lane < 8u) atomicAdd(global_bins[lane], bins[lane]);
    if (lane == 0u) group_totals[gl_WorkGroupID.x] = total;
}
