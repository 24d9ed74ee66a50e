#version 450

layout(location = 0) out vec4 rgba;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 curr_view_proj;
    mat4 prev_view_proj;
    mat4 inv_view_proj;
    vec2 screen;
    float exposure_time;
    float max_blur_px;
} camera;
layout(set = 0, binding = 4, rg32f) uniform readonly image2D velocity;
layout(set = 0, binding = 5, rgba16f) uniform readonly image2D tile_max[2];

vec2 tile_velocity(ivec2 p) {
    vec4 texel = imageLoad(tile_max[0], clamp(p / ivec2(8), ivec2(0), imageSize(tile_max[0]) - 1));
    return texel.xy;
}

void main() {
    vec4 texel = imageLoad(velocity, clamp(ivec2(gl_FragCoord.xy), ivec2(0), imageSize(velocity) - 1));
    vec2 v = texel.xy / vec2(camera.max_blur_px);
    vec2 tile_velocity_1 = tile_velocity(ivec2(gl_FragCoord.xy));
    rgba = vec4(v * 0.5 + vec2(0.5), length(tile_velocity_1), 1.0);
}
