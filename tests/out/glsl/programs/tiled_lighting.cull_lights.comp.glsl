#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;

struct PointLight {
    vec4 position_radius;
    vec4 color;
};

struct TileHeader {
    uint offset;
    uint count;
};

layout(set = 0, binding = 0, std140) uniform cull_block {
    mat4 inv_proj;
    uvec2 screen_size;
    uint light_count;
    uint tile_count_x;
} cull;
layout(set = 0, binding = 1) uniform texture2D depth_texture;
layout(set = 0, binding = 2, std430) readonly buffer lights_block {
    PointLight lights[];
};
layout(set = 0, binding = 3, std430) buffer light_indices_block {
    uint light_indices[];
};
layout(set = 0, binding = 4, std430) buffer tiles_block {
    TileHeader tiles[];
};
layout(set = 0, binding = 5, std430) buffer allocator_block {
    uint allocator;
};
shared uint tile_min_depth;
shared uint tile_max_depth;
shared uint tile_light_count;
shared uint tile_lights[64];
shared uint tile_offset;

vec3 view_from_ndc(vec3 ndc) {
    vec4 v = cull.inv_proj * vec4(ndc, 1.0);
    return v.xyz / vec3(v.w);
}

vec4 eye_plane(vec3 a, vec3 b) {
    return vec4(normalize(cross(a, b)), 0.0);
}

bool sphere_outside(vec4 plane, vec3 center, float radius) {
    return dot(plane.xyz, center) + plane.w < -radius;
}

void main() {
    vec4 planes[6] = vec4[6](vec4(0.0), vec4(0.0), vec4(0.0), vec4(0.0), vec4(0.0), vec4(0.0));
    if (gl_LocalInvocationIndex == 0u) {
        atomicExchange(tile_min_depth, 2139095039u);
        atomicExchange(tile_max_depth, 0u);
        atomicExchange(tile_light_count, 0u);
    }
    memoryBarrierShared();
    barrier();
    if (gl_GlobalInvocationID.x < cull.screen_size.x && gl_GlobalInvocationID.y < cull.screen_size.y) {
        float depth = texelFetch(depth_texture, clamp(ivec2(gl_GlobalInvocationID.xy), ivec2(0), textureSize(depth_texture, 0) - 1), 0).x;
        uint bits = floatBitsToUint(depth);
        atomicMin(tile_min_depth, bits);
        atomicMax(tile_max_depth, bits);
    }
    memoryBarrierShared();
    barrier();
    uint t = atomicAdd(tile_min_depth, 0u);
    float min_depth = uintBitsToFloat(t);
    uint t_1 = atomicAdd(tile_max_depth, 0u);
    float max_depth = uintBitsToFloat(t_1);
    vec2 tile_min = vec2(gl_WorkGroupID.xy * uvec2(16u)) / vec2(cull.screen_size);
    vec2 tile_max = vec2((gl_WorkGroupID.xy + uvec2(1u)) * uvec2(16u)) / vec2(cull.screen_size);
    vec2 ndc_min = vec2(tile_min.x * 2.0 - 1.0, 1.0 - tile_max.y * 2.0);
    vec2 ndc_max = vec2(tile_max.x * 2.0 - 1.0, 1.0 - tile_min.y * 2.0);
    vec3 view_from_ndc_1 = view_from_ndc(vec3(ndc_min.x, ndc_min.y, 1.0));
    vec3 view_from_ndc_2 = view_from_ndc(vec3(ndc_max.x, ndc_min.y, 1.0));
    vec3 view_from_ndc_3 = view_from_ndc(vec3(ndc_max.x, ndc_max.y, 1.0));
    vec3 view_from_ndc_4 = view_from_ndc(vec3(ndc_min.x, ndc_max.y, 1.0));
    vec4 eye_plane_1 = eye_plane(view_from_ndc_1, view_from_ndc_2);
    vec4 eye_plane_2 = eye_plane(view_from_ndc_2, view_from_ndc_3);
    vec4 eye_plane_3 = eye_plane(view_from_ndc_3, view_from_ndc_4);
    vec4 eye_plane_4 = eye_plane(view_from_ndc_4, view_from_ndc_1);
    vec3 view_from_ndc_5 = view_from_ndc(vec3(0.0, 0.0, min_depth));
    vec3 view_from_ndc_6 = view_from_ndc(vec3(0.0, 0.0, max_depth));
    planes = vec4[6](eye_plane_1, eye_plane_2, eye_plane_3, eye_plane_4, vec4(0.0, 0.0, -1.0, view_from_ndc_5.z), vec4(0.0, 0.0, 1.0, -view_from_ndc_6.z));
    uint v = 0u;
    uint light_index = gl_LocalInvocationIndex;
    while (true) {
        if (!(v < 1024u)) {
            break;
        }
        if (!(light_index < cull.light_count)) {
            break;
        }
        PointLight light = lights[min(light_index, uint(lights.length()) - 1u)];
        int p = 0;
        uint v_1 = 5u;
        bool v_2 = true;
        bool visible;
        while (true) {
            if (!v_2) {
                visible = true;
                break;
            }
            vec4 t_2 = planes[min(uint(p), 5u)];
            vec4 t_3 = light.position_radius;
            bool sphere_outside_1 = sphere_outside(t_2, t_3.xyz, light.position_radius.w);
            if (sphere_outside_1) {
                visible = false;
                break;
            }
            bool next_v = v_1 != 0u;
            p = p + 1;
            v_1 = v_1 - 1u;
            v_2 = next_v;
        }
        if (visible) {
            uint slot = atomicAdd(tile_light_count, 1u);
            if (slot < 64u) {
                tile_lights[min(slot, 63u)] = light_index;
            }
        }
        uint light_index_1 = light_index + 256u;
        v = v + 1u;
        light_index = light_index_1;
    }
    memoryBarrierShared();
    barrier();
    uint t_4 = atomicAdd(tile_light_count, 0u);
    uint count = min(t_4, 64u);
    uint tile_index = gl_WorkGroupID.y * cull.tile_count_x + gl_WorkGroupID.x;
    if (gl_LocalInvocationIndex == 0u) {
        uint t_5 = atomicAdd(allocator, count);
        tile_offset = t_5;
        uint tile_offset_1 = tile_offset;
        tiles[min(tile_index, uint(tiles.length()) - 1u)] = TileHeader(tile_offset_1, count);
    }
    memoryBarrierShared();
    barrier();
    if (gl_LocalInvocationIndex < count) {
        uint tile_offset_2 = tile_offset;
        uint destination = tile_offset_2 + gl_LocalInvocationIndex;
        uint t_6 = uint(light_indices.length());
        if (destination < uint(int(t_6))) {
            uint t_7 = tile_lights[min(gl_LocalInvocationIndex, 63u)];
            light_indices[min(destination, uint(light_indices.length()) - 1u)] = t_7;
        }
    }
}
