#version 450

layout(local_size_x = 32, local_size_y = 1, local_size_z = 1) in;

struct Transform {
    mat4 model;
    mat3 normal;
    vec3 scale;
    uint id;
};

layout(set = 0, binding = 0, std430) readonly buffer instances_block {
    uint count;
    uint flags;
    Transform transforms[];
} instances;
layout(set = 0, binding = 1, std430) readonly buffer weights_block {
    float weights[];
};
layout(set = 0, binding = 2, std430) buffer scratch_block {
    vec4 scratch[];
};
layout(set = 0, binding = 3, std430) buffer stats_block {
    uint touched;
    float max_scale;
    vec4 sums[4];
} stats;
layout(set = 0, binding = 4, std430) buffer positions_block {
    vec4 positions[];
};

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
uint luma_rem(uint a, uint b) {
    return a % (b == 0u ? 1u : b);
}

void store_position(uint index, vec4 p) {
    positions[min(index, uint(positions.length()) - 1u)] = p;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint count = instances.count;
    uint t = uint(instances.transforms.length());
    uint n = min(count, uint(int(t)));
    if (i >= n) {
        return;
    }
    Transform t_1 = instances.transforms[min(i, uint(instances.transforms.length()) - 1u)];
    uint t_2 = uint(weights.length());
    float w = weights[min(luma_rem(i, uint(int(t_2))), uint(weights.length()) - 1u)];
    uint t_3 = uint(scratch.length());
    vec4 t_4 = scratch[min(luma_rem(i, uint(int(t_3))), uint(scratch.length()) - 1u)];
    vec4 p = t_1.model * vec4(t_1.scale * w, 1.0) + t_4;
    store_position(i, p + vec4(t_1.normal * t_1.scale, 0.0));
    stats.touched = i;
    float max_scale = stats.max_scale;
    stats.max_scale = max(max_scale, max(t_1.scale.x, max(t_1.scale.y, t_1.scale.z)));
    vec4 t_5 = stats.sums[min(t_1.id & 3u, 3u)];
    stats.sums[min(t_1.id & 3u, 3u)] = t_5 + p;
    uint t_6 = uint(positions.length());
    stats.sums[0u].w = float(int(t_6));
}
