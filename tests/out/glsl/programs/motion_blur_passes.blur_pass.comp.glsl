#version 450
#extension GL_EXT_control_flow_attributes : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 curr_view_proj;
    mat4 prev_view_proj;
    mat4 inv_view_proj;
    vec2 screen;
    float exposure_time;
    float max_blur_px;
} camera;
layout(set = 0, binding = 2) uniform texture2D color;
layout(set = 0, binding = 3) uniform sampler linear_clamp;
layout(set = 0, binding = 4, rg32f) uniform readonly image2D velocity;
layout(set = 0, binding = 5, rgba16f) uniform readonly image2D tile_max[2];
layout(set = 0, binding = 6, rgba16f) uniform writeonly image2D blurred;

bool in_bounds(ivec2 p) {
    ivec2 size = imageSize(velocity);
    return p.x < size.x && p.y < size.y;
}

vec2 tile_velocity(ivec2 p) {
    vec4 texel = imageLoad(tile_max[0], clamp(p / ivec2(8), ivec2(0), imageSize(tile_max[0]) - 1));
    return texel.xy;
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    bool in_bounds_1 = in_bounds(p);
    if (!in_bounds_1) {
        return;
    }
    vec4 texel = imageLoad(velocity, clamp(p, ivec2(0), imageSize(velocity) - 1));
    vec2 v = texel.xy;
    vec2 dominant = tile_velocity(p);
    vec2 uv = (vec2(p) + vec2(0.5)) / camera.screen;
    int s = -4;
    uint v_1 = 8u;
    bool v_2 = true;
    vec4 sum = vec4(0.0);
    vec4 sum_1;
    [[unroll]]
    while (true) {
        if (!v_2) {
            sum_1 = sum;
            break;
        }
        float t = float(s) / 8.0;
        vec2 offset = mix(v, dominant, vec2(0.5)) * t / camera.screen;
        vec4 texel_1 = textureLod(sampler2D(color, linear_clamp), uv + offset, 0.0);
        vec4 sum_2 = sum + texel_1;
        bool next_v = v_1 != 0u;
        s = s + 1;
        v_1 = v_1 - 1u;
        v_2 = next_v;
        sum = sum_2;
    }
    if (all(lessThan(uvec2(p), uvec2(imageSize(blurred))))) {
        imageStore(blurred, p, sum_1 / vec4(9.0));
    }
}
