#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform ssr_block {
    mat4 proj;
    mat4 inv_proj;
    mat4 view;
    vec2 size;
    int max_level;
    float thickness;
    int max_steps;
    float fade_start;
} ssr;
layout(set = 0, binding = 1) uniform texture2D depth_pyramid;
layout(set = 0, binding = 2) uniform texture2D normal_tex;
layout(set = 0, binding = 3) uniform texture2D color_tex;
layout(set = 0, binding = 4) uniform sampler linear_clamp;
layout(set = 0, binding = 5, rgba16f) uniform writeonly image2D reflection;

vec3 view_position(vec2 uv, float depth) {
    vec4 h = ssr.inv_proj * vec4(uv * 2.0 - vec2(1.0), depth, 1.0);
    return h.xyz / vec3(h.w);
}

vec3 project(vec3 p) {
    vec4 c = ssr.proj * vec4(p, 1.0);
    return vec3(c.xy / vec2(c.w) * 0.5 + vec2(0.5), c.z / c.w);
}

vec2 cell_count(int level) {
    return floor(ssr.size / vec2(exp2(float(level))));
}

float cross_cell(vec3 origin, vec3 dir, float t, int level) {
    vec2 cells = cell_count(level);
    vec3 p = origin + dir * t;
    vec2 cell = floor(p.xy * cells);
    vec2 next = (cell + step(vec2(0.0), dir.xy)) / cells;
    vec2 dt = (next - origin.xy) / dir.xy;
    float tx = dir.x != 0.0 ? dt.x : 1e30;
    float ty = dir.y != 0.0 ? dt.y : 1e30;
    return min(tx, ty) + 1e-5;
}

vec4 trace(vec3 origin, vec3 dir) {
    uint v = 0u;
    int level = 0;
    float t = 0.0;
    int steps = 0;
    float t_1;
    bool hit;
    while (true) {
        if (!(v < 256u)) {
            t_1 = t;
            hit = false;
            break;
        }
        if (!(level >= 0 && steps < ssr.max_steps)) {
            t_1 = t;
            hit = false;
            break;
        }
        int steps_1 = steps + 1;
        float t_next = cross_cell(origin, dir, t, level);
        vec3 p = origin + dir * t_next;
        if (p.x < 0.0 || p.x > 1.0 || p.y < 0.0 || p.y > 1.0 || p.z < 0.0) {
            t_1 = t;
            hit = false;
            break;
        }
        vec2 cell_count_1 = cell_count(level);
        ivec2 texel = ivec2(p.xy * cell_count_1);
        float scene_min = texelFetch(depth_pyramid, clamp(texel, ivec2(0), textureSize(depth_pyramid, clamp(level, 0, textureQueryLevels(depth_pyramid) - 1)) - 1), clamp(level, 0, textureQueryLevels(depth_pyramid) - 1)).x;
        int level_1;
        float t_2 = t;
        if (p.z < scene_min) {
            level_1 = min(level + 1, ssr.max_level);
            t_2 = t_next;
        } else {
            if (level == 0) {
                bool hit_1 = p.z - scene_min < ssr.thickness;
                t_1 = t_next;
                hit = hit_1;
                break;
            }
            level_1 = level - 1;
        }
        v = v + 1u;
        level = level_1;
        t = t_2;
        steps = steps_1;
    }
    vec3 end_p = origin + dir * t_1;
    return vec4(end_p.xy, end_p.z, hit ? 1.0 : 0.0);
}

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = ivec2(ssr.size);
    if (pixel.x >= size.x || pixel.y >= size.y) {
        return;
    }
    vec2 uv = (vec2(pixel) + vec2(0.5)) / ssr.size;
    float depth = texelFetch(depth_pyramid, clamp(pixel, ivec2(0), textureSize(depth_pyramid, 0) - 1), 0).x;
    if (depth >= 1.0) {
        if (all(lessThan(uvec2(pixel), uvec2(imageSize(reflection))))) {
            imageStore(reflection, pixel, vec4(0.0));
        }
        return;
    }
    vec3 p = view_position(uv, depth);
    mat4 view = ssr.view;
    vec4 t = view[0];
    vec4 t_1 = view[1];
    vec4 t_2 = view[2];
    vec4 texel = texelFetch(normal_tex, clamp(pixel, ivec2(0), textureSize(normal_tex, 0) - 1), 0);
    vec3 n = normalize(mat3(t.xyz, t_1.xyz, t_2.xyz) * (texel.xyz * 2.0 - vec3(1.0)));
    vec3 r = reflect(normalize(p), n);
    if (r.z > 0.0) {
        if (all(lessThan(uvec2(pixel), uvec2(imageSize(reflection))))) {
            imageStore(reflection, pixel, vec4(0.0));
        }
        return;
    }
    vec3 start = vec3(uv, depth);
    vec3 end_s = project(p + r * 10.0);
    vec3 dir = end_s - start;
    vec4 hit = trace(start, dir);
    float edge = clamp(min(min(hit.x, 1.0 - hit.x), min(hit.y, 1.0 - hit.y)) / ssr.fade_start, 0.0, 1.0);
    float facing = clamp(-r.z * 4.0, 0.0, 1.0);
    vec4 texel_1 = textureLod(sampler2D(color_tex, linear_clamp), hit.xy, 0.0);
    vec3 color = texel_1.xyz;
    if (all(lessThan(uvec2(pixel), uvec2(imageSize(reflection))))) {
        imageStore(reflection, pixel, vec4(color, hit.w * edge * facing));
    }
}
