#version 450

struct PatchData {
    vec4 position;
    vec4 lods;
};

layout(location = 0) in vec2 position;
layout(location = 1) in vec4 lod_weights;
layout(location = 0) out vec2 tex_coord;
layout(location = 1) out vec3 eye_vec;

layout(set = 0, binding = 0, std140) uniform global_block {
    vec4 view_proj_row0;
    vec4 view_proj_row1;
    vec4 view_proj_row2;
    vec4 view_proj_row3;
    vec4 cam_pos;
    vec4 sun_dir;
    vec4 sun_color;
    vec4 fog_color_distance;
} global;
layout(set = 0, binding = 1, std140) uniform ground_block {
    vec4 ground_scale;
    vec4 ground_position;
    vec4 inv_ground_size_patch_scale;
} ground;
layout(set = 0, binding = 2, std140) uniform per_patch_block {
    PatchData patches[256];
} per_patch;
layout(set = 0, binding = 3) uniform sampler2D tex_heightmap;
layout(set = 0, binding = 5) uniform sampler2D tex_lod;

vec2 lod_factor(vec2 uv) {
    vec4 texel = textureLod(tex_lod, uv, 0.0);
    float level = texel.x * 7.96875;
    float floor_level = floor(level);
    return vec2(floor_level, level - floor_level);
}

vec2 warp_position(vec2 position_1, vec4 lod_weights_1, uint instance) {
    PatchData p = per_patch.patches[min(instance, 255u)];
    float vlod = dot(lod_weights_1, p.lods);
    float vlod_1 = all(equal(lod_weights_1, vec4(0.0))) ? p.position.w : vlod;
    float floor_lod = floor(vlod_1);
    float fract_lod = vlod_1 - floor_lod;
    uint ufloor_lod = uint(floor_lod);
    uvec2 u_position = uvec2(position_1);
    uvec2 mask = (uvec2(1u) << (uvec2(ufloor_lod, ufloor_lod + 1u) & uvec2(31u))) - uvec2(1u);
    uvec2 rounding = uvec2(u_position.x < 32u ? mask.x : 0u, u_position.y < 32u ? mask.y : 0u);
    uvec2 t = u_position + rounding;
    uvec2 t_1 = ~mask;
    vec4 snapped = vec4(t.xyxy & t_1.xxyy);
    return mix(snapped.xy, snapped.zw, vec2(fract_lod));
}

vec4[2] corners(vec4 a, vec4 b) {
    return vec4[2](a, b);
}

void main() {
    vec4 scale = ground.inv_ground_size_patch_scale;
    vec4 position_1 = per_patch.patches[min(uint(gl_InstanceIndex), 255u)].position;
    vec2 patch_pos = position_1.xz * scale.zw;
    vec2 warp_position_1 = warp_position(position, lod_weights, uint(gl_InstanceIndex));
    vec2 vertex_pos = patch_pos + warp_position_1;
    vec2 normalized = vertex_pos * scale.xy;
    vec2 lod = lod_factor(normalized);
    vec2 offset = scale.xy * exp2(lod.x);
    vec4 texel = textureLod(tex_heightmap, normalized + offset * 0.5, lod.x);
    vec4 texel_1 = textureLod(tex_heightmap, normalized + offset * 1.0, lod.x + 1.0);
    float elevation = mix(texel.x, texel_1.x, lod.y);
    vec3 world = vec3(normalized.x, elevation, normalized.y);
    vec4 ground_scale = ground.ground_scale;
    vec3 world_1 = world * ground_scale.xyz;
    vec4 ground_position = ground.ground_position;
    vec3 world_2 = world_1 + ground_position.xyz;
    vec4 rows[2] = corners(global.view_proj_row0, global.view_proj_row1);
    vec4 cam_pos = global.cam_pos;
    gl_Position = rows[0] * world_2.x + rows[1] * world_2.y + global.view_proj_row2 * world_2.z + global.view_proj_row3;
    tex_coord = normalized + scale.xy * 0.5;
    eye_vec = world_2 - cam_pos.xyz;
}
