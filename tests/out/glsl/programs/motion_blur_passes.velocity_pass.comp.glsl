#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 curr_view_proj;
    mat4 prev_view_proj;
    mat4 inv_view_proj;
    vec2 screen;
    float exposure_time;
    float max_blur_px;
} camera;
layout(set = 0, binding = 1) uniform texture2D depth;
layout(set = 0, binding = 4, rg32f) uniform writeonly image2D velocity;
layout(set = 0, binding = 5, rgba16f) uniform writeonly image2D tile_max[2];

vec2 reproject(ivec2 p) {
    vec2 uv = (vec2(p) + vec2(0.5)) / camera.screen;
    float z = texelFetch(depth, clamp(p, ivec2(0), textureSize(depth, 0) - 1), 0).x;
    vec4 world = camera.inv_view_proj * vec4(uv * 2.0 - vec2(1.0), z, 1.0);
    vec4 prev = camera.prev_view_proj * vec4(world.xyz / vec3(world.w), 1.0);
    vec2 prev_uv = prev.xy / vec2(prev.w) * 0.5 + vec2(0.5);
    return (uv - prev_uv) * camera.screen * camera.exposure_time;
}

vec2 clamp_velocity(vec2 v) {
    float len = length(v);
    return len > camera.max_blur_px ? v * (camera.max_blur_px / len) : v;
}

bool in_bounds(ivec2 p) {
    ivec2 size = imageSize(velocity);
    return p.x < size.x && p.y < size.y;
}

void store_tile(int level, ivec2 tile, vec2 v) {
    if (all(lessThan(uvec2(tile), uvec2(imageSize(tile_max[min(uint(level), 1u)]))))) {
        imageStore(tile_max[min(uint(level), 1u)], tile, vec4(v, length(v), 1.0));
    }
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    bool in_bounds_1 = in_bounds(p);
    if (!in_bounds_1) {
        return;
    }
    vec2 reproject_1 = reproject(p);
    vec2 v = clamp_velocity(reproject_1);
    if (all(lessThan(uvec2(p), uvec2(imageSize(velocity))))) {
        imageStore(velocity, p, vec4(v, 0.0, 0.0));
    }
    if (gl_LocalInvocationIndex == 0u) {
        store_tile(0, ivec2(gl_WorkGroupID.xy), v);
    }
}
