#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform dof_block {
    float focus_distance;
    float focus_range;
    float max_coc;
    float highlight_threshold;
    float near;
    float far;
    vec2 inv_size;
} dof;
layout(set = 0, binding = 1) uniform texture2D color_tex;
layout(set = 0, binding = 2) uniform texture2D depth_tex;
layout(set = 0, binding = 3) uniform texture2D tile_max_coc;
layout(set = 0, binding = 4) uniform sampler point_clamp;
layout(set = 0, binding = 5) uniform sampler linear_clamp;
layout(set = 0, binding = 6, rgba16f) uniform writeonly image2D out_far;
layout(set = 0, binding = 7, rgba16f) uniform writeonly image2D out_near;

float linear_depth(float d) {
    return dof.near * dof.far / (dof.far - d * (dof.far - dof.near));
}

float coc(float depth) {
    float z = linear_depth(depth);
    float c = (z - dof.focus_distance) / dof.focus_range;
    return clamp(c, -1.0, 1.0) * dof.max_coc;
}

float weight_of(vec3 color) {
    float l = dot(color, vec3(0.299, 0.587, 0.114));
    return 1.0 + max(l - dof.highlight_threshold, 0.0) * 4.0;
}

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = imageSize(out_far);
    if (pixel.x >= size.x || pixel.y >= size.y) {
        return;
    }
    vec2 uv = (vec2(pixel) + vec2(0.5)) * dof.inv_size;
    float center_coc = coc(texelFetch(depth_tex, clamp(pixel, ivec2(0), textureSize(depth_tex, 0) - 1), 0).x);
    float tile = texelFetch(tile_max_coc, clamp(pixel / ivec2(16), ivec2(0), textureSize(tile_max_coc, 0) - 1), 0).x;
    float radius_limit = max(abs(center_coc), tile);
    int i = 0;
    uint v = 47u;
    bool v_1 = true;
    vec4 far_sum = vec4(0.0);
    vec4 near_sum = vec4(0.0);
    int near_hits = 0;
    vec4 far_sum_1;
    vec4 near_sum_1;
    int near_hits_1;
    while (true) {
        if (!v_1) {
            far_sum_1 = far_sum;
            near_sum_1 = near_sum;
            near_hits_1 = near_hits;
            break;
        }
        float r = sqrt((float(i) + 0.5) / 48.0) * dof.max_coc;
        if (r > radius_limit) {
            far_sum_1 = far_sum;
            near_sum_1 = near_sum;
            near_hits_1 = near_hits;
            break;
        }
        float a = float(i) * 2.3999631;
        vec2 offset = vec2(cos(a), sin(a)) * r;
        vec2 suv = uv + offset * dof.inv_size;
        vec4 texel = textureLod(sampler2D(color_tex, linear_clamp), suv, 0.0);
        vec3 s_color = texel.xyz;
        vec4 texel_1 = textureLod(sampler2D(depth_tex, point_clamp), suv, 0.0);
        float s_coc = coc(texel_1.x);
        float w = weight_of(s_color);
        float reach = clamp(abs(s_coc) - r + 1.0, 0.0, 1.0);
        vec4 far_sum_2;
        vec4 near_sum_2 = near_sum;
        int near_hits_2 = near_hits;
        if (s_coc < 0.0) {
            far_sum_2 = far_sum;
            near_sum_2 = near_sum + vec4(s_color * w, w) * reach;
            near_hits_2 = near_hits + 1;
        } else {
            far_sum_2 = far_sum + vec4(s_color * w, w) * reach * clamp(s_coc - center_coc + 1.0, 0.0, 1.0);
        }
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        far_sum = far_sum_2;
        near_sum = near_sum_2;
        near_hits = near_hits_2;
    }
    vec4 texel_2 = texelFetch(color_tex, clamp(pixel, ivec2(0), textureSize(color_tex, 0) - 1), 0);
    vec3 base = texel_2.xyz;
    vec3 far_color = far_sum_1.w > 0.0 ? far_sum_1.xyz / vec3(far_sum_1.w) : base;
    float coverage = near_hits_1 > 0 ? clamp(float(near_hits_1) / 8.0, 0.0, 1.0) : 0.0;
    vec3 near_color = near_sum_1.w > 0.0 ? near_sum_1.xyz / vec3(near_sum_1.w) : vec3(0.0);
    if (all(lessThan(uvec2(pixel), uvec2(imageSize(out_far))))) {
        imageStore(out_far, pixel, vec4(far_color, clamp(abs(center_coc) / dof.max_coc, 0.0, 1.0)));
    }
    if (all(lessThan(uvec2(pixel), uvec2(imageSize(out_near))))) {
        imageStore(out_near, pixel, vec4(near_color, coverage));
    }
}
