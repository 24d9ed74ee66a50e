#version 450

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 normal;
layout(location = 2) in float height01;
layout(location = 3) flat in uint tile;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform terrain_block {
    mat4 view_proj;
    vec4 camera_position;
    vec4 sun_direction;
    float world_size;
    float height_scale;
    uint tile_quads;
    uint tiles_per_edge;
    vec4 layer_heights;
    float texture_scale;
} terrain;
layout(set = 0, binding = 3) uniform sampler2DArray layers;

vec3 triplanar(vec3 p, vec3 n, int layer) {
    vec3 w = abs(n);
    vec3 w_1 = w / vec3(w.x + w.y + w.z);
    float s = terrain.texture_scale;
    vec4 texel = texture(layers, vec3(p.zy * s, float(layer)));
    vec3 x = texel.xyz;
    vec4 texel_1 = texture(layers, vec3(p.xz * s, float(layer)));
    vec3 y = texel_1.xyz;
    vec4 texel_2 = texture(layers, vec3(p.xy * s, float(layer)));
    vec3 z = texel_2.xyz;
    return x * w_1.x + y * w_1.y + z * w_1.z;
}

void main() {
    vec3 n = normalize(normal);
    float slope = 1.0 - n.y;
    int i = 0;
    uint v = 3u;
    bool v_1 = true;
    vec4 weights = vec4(0.0);
    vec4 weights_1;
    while (true) {
        if (!v_1) {
            weights_1 = weights;
            break;
        }
        float start = terrain.layer_heights[min(uint(i), 3u)];
        float next_start = i < 3 ? terrain.layer_heights[min(uint(i + 1), 3u)] : 2.0;
        vec4 weights_2 = mix(weights, vec4(smoothstep(start - 0.05, start + 0.05, height01) * (1.0 - smoothstep(next_start - 0.05, next_start + 0.05, height01))), equal(uvec4(0u, 1u, 2u, 3u), uvec4(min(uint(i), 3u))));
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        weights = weights_2;
    }
    float rock = smoothstep(0.3, 0.6, slope);
    vec4 weights_3 = mix(weights_1, vec4(0.0, 0.0, 1.0, 0.0), vec4(rock));
    vec4 weights_4 = weights_3 / vec4(max(weights_3.x + weights_3.y + weights_3.z + weights_3.w, 0.0001));
    int i_1 = 0;
    uint v_2 = 3u;
    bool v_3 = true;
    vec3 albedo = vec3(0.0);
    vec3 albedo_1;
    while (true) {
        if (!v_3) {
            albedo_1 = albedo;
            break;
        }
        vec3 triplanar_1 = triplanar(world_position, n, i_1);
        vec3 albedo_2 = albedo + triplanar_1 * weights_4[min(uint(i_1), 3u)];
        bool next_v_1 = v_2 != 0u;
        i_1 = i_1 + 1;
        v_2 = v_2 - 1u;
        v_3 = next_v_1;
        albedo = albedo_2;
    }
    vec4 sun_direction = terrain.sun_direction;
    float diffuse = max(dot(n, normalize(sun_direction.xyz)), 0.0);
    float debug_tint = (tile & 1u) == 0u ? 1.0 : 0.97;
    color = vec4(albedo_1 * (0.25 + 0.75 * diffuse) * debug_tint, 1.0);
}
