#version 450

layout(local_size_x = 4, local_size_y = 4, local_size_z = 4) in;

struct PointLight {
    vec3 position;
    float radius;
    vec3 color;
    float intensity;
};

struct Cluster {
    vec4 min_point;
    vec4 max_point;
};

struct TileBin {
    uint count;
    uint overflow;
    uint items[32];
};

layout(set = 0, binding = 0, std140) uniform grid_block {
    mat4 inv_proj;
    mat4 view;
    uvec3 dims;
    uint light_count;
    vec2 screen;
    vec2 near_far;
} grid;
layout(set = 0, binding = 1, std430) readonly buffer lights_block {
    PointLight lights[];
};
layout(set = 0, binding = 2, std430) buffer clusters_block {
    Cluster clusters[];
};
layout(set = 0, binding = 3, std430) buffer index_list_block {
    uint index_list[];
};
layout(set = 0, binding = 4, std430) buffer counters_block {
    uint counters[2];
};
shared TileBin bins[4];
shared PointLight local_lights[64];
shared bool flags[4];

vec3 screen_to_view(vec4 p) {
    vec4 clip = vec4(p.xy / grid.screen * 2.0 - vec2(1.0), p.z, p.w);
    vec4 view = grid.inv_proj * clip;
    return view.xyz / vec3(view.w);
}

bool sphere_aabb(vec3 center, float radius, vec3 lo, vec3 hi) {
    int axis = 0;
    uint v = 2u;
    bool v_1 = true;
    float d = 0.0;
    float d_1;
    while (true) {
        if (!v_1) {
            d_1 = d;
            break;
        }
        float c = center[min(uint(axis), 2u)];
        float d_2 = d;
        if (c < lo[min(uint(axis), 2u)]) {
            d_2 = d + (lo[min(uint(axis), 2u)] - c) * (lo[min(uint(axis), 2u)] - c);
        } else if (c > hi[min(uint(axis), 2u)]) {
            d_2 = d + (c - hi[min(uint(axis), 2u)]) * (c - hi[min(uint(axis), 2u)]);
        }
        bool next_v = v != 0u;
        axis = axis + 1;
        v = v - 1u;
        v_1 = next_v;
        d = d_2;
    }
    return d_1 <= radius * radius;
}

void main() {
    uint cluster_id = (gl_WorkGroupID.z * 4u + gl_LocalInvocationID.z) * grid.dims.x * grid.dims.y + (gl_WorkGroupID.y * 4u + gl_LocalInvocationID.y) * grid.dims.x + gl_WorkGroupID.x * 4u + gl_LocalInvocationID.x;
    Cluster cl = clusters[min(cluster_id, uint(clusters.length()) - 1u)];
    uint bin = gl_LocalInvocationIndex & 3u;
    if (gl_LocalInvocationIndex < 4u) {
        atomicExchange(bins[min(gl_LocalInvocationIndex, 3u)].count, 0u);
        bins[min(gl_LocalInvocationIndex, 3u)].overflow = 0u;
        flags[min(gl_LocalInvocationIndex, 3u)] = false;
    }
    memoryBarrierShared();
    barrier();
    uint v = 0u;
    uint base = 0u;
    while (true) {
        if (!(v < 64u)) {
            break;
        }
        if (!(base < grid.light_count)) {
            break;
        }
        uint idx = base + gl_LocalInvocationIndex;
        if (idx < grid.light_count) {
            PointLight t = lights[min(idx, uint(lights.length()) - 1u)];
            local_lights[min(gl_LocalInvocationIndex, 63u)] = t;
        }
        memoryBarrierShared();
        barrier();
        uint n = min(64u, grid.light_count - base);
        int t_1 = int(n) - 1;
        int k = 0;
        uint v_1 = uint(t_1) - 0u;
        bool v_2 = 0 <= t_1;
        uint v_3 = 0u;
        while (true) {
            if (!(v_3 < 64u)) {
                break;
            }
            if (!v_2) {
                break;
            }
            PointLight l = local_lights[min(uint(k), 63u)];
            vec4 t_2 = grid.view * vec4(l.position, 1.0);
            vec3 center = t_2.xyz;
            vec4 t_3 = cl.min_point;
            vec4 t_4 = cl.max_point;
            bool sphere_aabb_1 = sphere_aabb(center, l.radius, t_3.xyz, t_4.xyz);
            if (sphere_aabb_1) {
                uint slot = atomicAdd(bins[min(bin, 3u)].count, 1u);
                if (slot < 32u) {
                    bins[min(bin, 3u)].items[min(slot, 31u)] = base + uint(k);
                } else {
                    uint overflow = bins[min(bin, 3u)].overflow;
                    bins[min(bin, 3u)].overflow = overflow + 1u;
                    flags[min(bin, 3u)] = true;
                }
            }
            bool next_v = v_1 != 0u;
            k = k + 1;
            v_1 = v_1 - 1u;
            v_2 = next_v;
            v_3 = v_3 + 1u;
        }
        memoryBarrierShared();
        barrier();
        uint base_1 = base + 64u;
        v = v + 1u;
        base = base_1;
    }
    memoryBarrierShared();
    barrier();
    if (gl_LocalInvocationIndex < 4u) {
        uint t_5 = atomicAdd(bins[min(gl_LocalInvocationIndex, 3u)].count, 0u);
        uint count = min(t_5, 32u);
        uint offset = atomicAdd(counters[0u], count);
        int t_6 = int(count) - 1;
        int j = 0;
        uint v_4 = uint(t_6) - 0u;
        bool v_5 = 0 <= t_6;
        uint v_6 = 0u;
        while (true) {
            if (!(v_6 < 32u)) {
                break;
            }
            if (!v_5) {
                break;
            }
            uint t_7 = bins[min(gl_LocalInvocationIndex, 3u)].items[min(uint(j), 31u)];
            index_list[min(offset + uint(j), uint(index_list.length()) - 1u)] = t_7;
            bool next_v_1 = v_4 != 0u;
            j = j + 1;
            v_4 = v_4 - 1u;
            v_5 = next_v_1;
            v_6 = v_6 + 1u;
        }
        bool t_8 = flags[min(gl_LocalInvocationIndex, 3u)];
        if (t_8) {
            uint overflow_1 = bins[min(gl_LocalInvocationIndex, 3u)].overflow;
            atomicAdd(counters[1u], overflow_1);
        }
    }
    vec3 v_7 = screen_to_view(vec4(vec2(gl_WorkGroupID.xy), 0.5, 1.0));
    clusters[min(cluster_id, uint(clusters.length()) - 1u)].min_point.w = v_7.z;
}
