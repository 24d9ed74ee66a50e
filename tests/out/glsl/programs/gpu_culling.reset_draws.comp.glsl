#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

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
layout(set = 0, binding = 2, std430) readonly buffer lods_block {
    MeshLod lods[4];
};
layout(set = 0, binding = 3, std430) buffer draw_args_block {
    DrawIndexedIndirect draw_args[4];
};
layout(set = 0, binding = 5, std430) buffer stats_block {
    uint tested;
    uint frustum_culled;
    uint occlusion_culled;
    uint drawn_per_lod[4];
} stats;

void main() {
    uint index_count = lods[min(gl_LocalInvocationIndex, 3u)].index_count;
    draw_args[min(gl_LocalInvocationIndex, 3u)].index_count = index_count;
    atomicExchange(draw_args[min(gl_LocalInvocationIndex, 3u)].instance_count, 0u);
    uint first_index = lods[min(gl_LocalInvocationIndex, 3u)].first_index;
    draw_args[min(gl_LocalInvocationIndex, 3u)].first_index = first_index;
    int vertex_offset = lods[min(gl_LocalInvocationIndex, 3u)].vertex_offset;
    draw_args[min(gl_LocalInvocationIndex, 3u)].vertex_offset = vertex_offset;
    draw_args[min(gl_LocalInvocationIndex, 3u)].first_instance = gl_LocalInvocationIndex * cull.max_per_lod;
    if (gl_LocalInvocationIndex == 0u) {
        atomicExchange(stats.tested, 0u);
        atomicExchange(stats.frustum_culled, 0u);
        atomicExchange(stats.occlusion_culled, 0u);
    }
    atomicExchange(stats.drawn_per_lod[min(gl_LocalInvocationIndex, 3u)], 0u);
}
