#version 450
layout(local_size_x = 4, local_size_y = 4) in;
struct Light { vec3 center; float radius; };
layout(set = 0, binding = 0, std430) readonly buffer B0 { float depth[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { Light lights[]; };
layout(set = 0, binding = 2, std430) buffer B2 { uint tile_counts[]; };
layout(set = 0, binding = 3, std430) buffer B3 { uint tile_lists[]; };
layout(set = 0, binding = 4, std430) buffer B4 { vec2 tile_bounds[]; };
layout(push_constant, std430) uniform P { uvec2 screen; uint light_count; uint pad; } params;
shared uint min_depth, max_depth, count, mask;
shared uint list[8];
void main() {
    uint li = gl_LocalInvocationIndex;
    uvec3 gid = gl_GlobalInvocationID, wg = gl_WorkGroupID;
    if (li == 0u) { min_depth = 0x7f7fffffu; max_depth = 0u; count = 0u; mask = 0u; }
    barrier();
    float z = depth[gid.y * params.screen.x + gid.x];
    atomicMin(min_depth, floatBitsToUint(z));
    atomicMax(max_depth, floatBitsToUint(z));
    barrier();
    float zmin = uintBitsToFloat(min_depth), zmax = uintBitsToFloat(max_depth);
    vec3 lo = vec3(vec2(wg.xy * 4u), zmin), hi = vec3(vec2((wg.xy + 1u) * 4u), zmax);
    for (uint i = li; i < params.light_count; i += 16u) {
        Light l = lights[i];
        vec3 d = clamp(l.center, lo, hi) - l.center;
        if (dot(d, d) <= l.radius * l.radius) {
            uint slot = atomicAdd(count, 1u);
            if (slot < 8u) list[slot] = i;
            atomicOr(mask, 1u << i);
        }
    }
    barrier();
    uint tile = wg.y * gl_NumWorkGroups.x + wg.x;
    uint n = min(count, 8u);
    if (li == 0u) {
        tile_counts[tile] = count;
        tile_bounds[tile] = vec2(zmin, zmax);
        uint sum = 0u;
        for (uint k = 0u; k < n; k++) sum += list[k] + 1u;
        tile_lists[tile * 2u] = sum;
        tile_lists[tile * 2u + 1u] = mask;
    }
}
