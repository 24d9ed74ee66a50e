#version 450
#extension GL_EXT_control_flow_attributes : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

struct Object {
    vec4 center_radius;
    uint mesh;
    uint flags;
    uint pad0;
    uint pad1;
};

struct MeshLod {
    uint index_count;
    uint first_index;
    int vertex_offset;
    float max_screen_size;
};

struct DrawIndexedIndirect {
    uint index_count;
    uint instance_count;
    uint first_index;
    int vertex_offset;
    uint first_instance;
};

layout(set = 0, binding = 0, std140) uniform cull_block {
    mat4 view;
    mat4 proj;
    vec4 planes[6];
    vec2 screen_size;
    vec2 pyramid_size;
    uint object_count;
    float lod_bias;
    uint occlusion_enabled;
    uint max_per_lod;
} cull;
layout(set = 0, binding = 1, std430) readonly buffer objects_block {
    Object objects[];
};
layout(set = 0, binding = 2, std430) readonly buffer lods_block {
    MeshLod lods[4];
};
layout(set = 0, binding = 3, std430) buffer draw_args_block {
    DrawIndexedIndirect draw_args[4];
};
layout(set = 0, binding = 4, std430) buffer visible_block {
    uint visible[];
};
layout(set = 0, binding = 5, std430) buffer stats_block {
    uint tested;
    uint frustum_culled;
    uint occlusion_culled;
    uint drawn_per_lod[4];
} stats;
layout(set = 0, binding = 6) uniform texture2D depth_pyramid;
layout(set = 0, binding = 7) uniform sampler pyramid_sampler;

bool sphere_in_frustum(vec3 center, float radius) {
    int i = 0;
    uint v = 5u;
    bool v_1 = true;
    while (true) {
        if (!v_1) {
            break;
        }
        vec4 t = cull.planes[min(uint(i), 5u)];
        if (dot(t.xyz, center) + cull.planes[min(uint(i), 5u)].w < -radius) {
            return false;
        }
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
    }
    return true;
}

vec4 project_sphere(vec3 c, float r) {
    vec2 cx = vec2(c.x, -c.z);
    vec2 vx = vec2(sqrt(dot(cx, cx) - r * r), r);
    vec2 min_x = mat2(vec2(vx.x, vx.y), vec2(-vx.y, vx.x)) * cx;
    vec2 max_x = mat2(vec2(vx.x, -vx.y), vec2(vx.y, vx.x)) * cx;
    vec2 cy = vec2(c.y, -c.z);
    vec2 vy = vec2(sqrt(dot(cy, cy) - r * r), r);
    vec2 min_y = mat2(vec2(vy.x, vy.y), vec2(-vy.y, vy.x)) * cy;
    vec2 max_y = mat2(vec2(vy.x, -vy.y), vec2(vy.y, vy.x)) * cy;
    float p00 = cull.proj[0u].x;
    float p11 = cull.proj[1u].y;
    vec4 result = vec4(min_x.x / min_x.y * p00, min_y.x / min_y.y * p11, max_x.x / max_x.y * p00, max_y.x / max_y.y * p11);
    return result.xwzy * vec4(0.5, -0.5, 0.5, -0.5) + vec4(0.5);
}

bool occluded(vec3 view_center, float radius) {
    if (-view_center.z - radius < 0.1) {
        return false;
    }
    vec4 rect = project_sphere(view_center, radius);
    vec2 size = (rect.zw - rect.xy) * cull.pyramid_size;
    float level = floor(log2(max(size.x, size.y)));
    vec4 texel = textureLod(sampler2D(depth_pyramid, pyramid_sampler), (rect.xy + rect.zw) * 0.5, level);
    float depth = texel.x;
    vec4 near_point = cull.proj * vec4(view_center + vec3(0.0, 0.0, radius), 1.0);
    float sphere_depth = near_point.z / near_point.w;
    return sphere_depth > depth;
}

uint select_lod(vec3 view_center, float radius) {
    float distance_ = max(-view_center.z, 0.001);
    float screen_diameter = 2.0 * radius * cull.proj[1u].y / distance_ * cull.screen_size.y * 0.5 * cull.lod_bias;
    int i = 3;
    uint v = 3u;
    bool v_1 = true;
    uint lod = 3u;
    uint lod_1;
    [[unroll]]
    while (true) {
        if (!v_1) {
            lod_1 = lod;
            break;
        }
        float max_screen_size = lods[min(uint(i), 3u)].max_screen_size;
        uint lod_2 = lod;
        if (screen_diameter > max_screen_size) {
            lod_2 = uint(max(i - 1, 0));
        }
        bool next_v = v != 0u;
        i = i + -1;
        v = v - 1u;
        v_1 = next_v;
        lod = lod_2;
    }
    return lod_1;
}

void main() {
    uint index = gl_GlobalInvocationID.x;
    bool v;
    if (index >= cull.object_count) {
        v = true;
    } else {
        uint t = uint(objects.length());
        v = index >= uint(int(t));
    }
    if (v) {
        return;
    }
    atomicAdd(stats.tested, 1u);
    Object object = objects[min(index, uint(objects.length()) - 1u)];
    vec4 t_1 = object.center_radius;
    vec3 center = t_1.xyz;
    float radius = object.center_radius.w;
    bool always = (object.flags & 1u) != 0u;
    bool v_1 = false;
    if (!always) {
        bool sphere_in_frustum_1 = sphere_in_frustum(center, radius);
        v_1 = !sphere_in_frustum_1;
    }
    if (v_1) {
        atomicAdd(stats.frustum_culled, 1u);
        return;
    }
    vec4 t_2 = cull.view * vec4(center, 1.0);
    vec3 view_center = t_2.xyz;
    bool v_2 = false;
    if (!always && cull.occlusion_enabled != 0u && (object.flags & 2u) == 0u) {
        bool occluded_1 = occluded(view_center, radius);
        v_2 = occluded_1;
    }
    if (v_2) {
        atomicAdd(stats.occlusion_culled, 1u);
        return;
    }
    uint lod = select_lod(view_center, radius);
    uint slot = atomicAdd(draw_args[min(lod, 3u)].instance_count, 1u);
    if (slot < cull.max_per_lod) {
        visible[min(lod * cull.max_per_lod + slot, uint(visible.length()) - 1u)] = index;
        atomicAdd(stats.drawn_per_lod[min(lod, 3u)], 1u);
    } else {
        atomicAdd(draw_args[min(lod, 3u)].instance_count, -1u);
    }
}
