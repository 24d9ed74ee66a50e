#version 450

layout(local_size_x = 4, local_size_y = 4, local_size_z = 2) in;

struct Partial {
    vec4 sum;
    uint count;
};

struct ComputeIn {
    uvec3 local_id;
    uint local_index;
    uvec3 global_id;
    uvec3 group_id;
};

layout(set = 0, binding = 0, std430) buffer output_block {
    uvec4 output_[];
};
layout(set = 0, binding = 1, std430) buffer partials_block {
    Partial partials[];
};
shared uint counter;
shared uint grid[4][4][2];
shared Partial partial;
shared bool flags[64];

void main() {
    ComputeIn input_ = ComputeIn(gl_LocalInvocationID, gl_LocalInvocationIndex, gl_GlobalInvocationID, gl_WorkGroupID);
    uvec3 l = input_.local_id;
    grid[min(l.x, 3u)][min(l.y, 3u)][min(l.z, 1u)] = input_.local_index;
    flags[min(input_.local_index, 63u)] = (input_.local_index & 1u) == 0u;
    if (input_.local_index == 0u) {
        counter = 0u;
        partial = Partial(vec4(0.0), 0u);
    }
    memoryBarrierShared();
    barrier();
    uint neighbour = grid[min((l.x + 1u) % 4u, 3u)][min(l.y, 3u)][min(l.z, 1u)];
    bool even = flags[min(input_.local_index, 63u)];
    if (input_.local_index == 0u) {
        counter = input_.group_id.x + input_.group_id.y + input_.group_id.z;
        uint counter_1 = counter;
        partial.count = counter_1;
        partial.sum.x = float(neighbour);
    }
    memoryBarrierBuffer();
    barrier();
    memoryBarrierShared();
    barrier();
    uvec3 g = input_.global_id;
    uint counter_2 = counter;
    uint count = partial.count;
    output_[min(g.x + g.y * 16u + g.z * 256u, uint(output_.length()) - 1u)] = uvec4(neighbour, counter_2, count, uint(even));
    if (input_.local_index == 0u) {
        Partial partial_1 = partial;
        partials[min(input_.group_id.x, uint(partials.length()) - 1u)] = partial_1;
    }
}
