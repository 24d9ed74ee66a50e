#version 450

layout(location = 0) out vec3 world_position;
layout(location = 1) out vec3 normal;
layout(location = 2) out float height01;
layout(location = 3) flat out uint tile;

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
layout(set = 0, binding = 1) uniform sampler2D heightmap;

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
uint luma_div(uint a, uint b) {
    return a / (b == 0u ? 1u : b);
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
uint luma_rem(uint a, uint b) {
    return a % (b == 0u ? 1u : b);
}

float height_at(vec2 uv) {
    vec4 texel = textureLod(heightmap, uv, 0.0);
    return texel.x * terrain.height_scale;
}

void main() {
    ivec2 local[6] = ivec2[6](ivec2(0), ivec2(1, 0), ivec2(0, 1), ivec2(0, 1), ivec2(1, 0), ivec2(1));
    uint quad = uint(gl_VertexIndex) / 6u;
    ivec2 corner = local[min(uint(gl_VertexIndex) % 6u, 5u)];
    uvec2 quad_xy = uvec2(luma_rem(quad, terrain.tile_quads), luma_div(quad, terrain.tile_quads));
    uvec2 tile_xy = uvec2(luma_rem(uint(gl_InstanceIndex), terrain.tiles_per_edge), luma_div(uint(gl_InstanceIndex), terrain.tiles_per_edge));
    ivec2 cell = ivec2(tile_xy * uvec2(terrain.tile_quads) + quad_xy) + corner;
    float cells_per_edge = float(terrain.tile_quads * terrain.tiles_per_edge);
    vec2 uv = vec2(cell) / vec2(cells_per_edge);
    float texel = 1.0 / cells_per_edge;
    float h = height_at(uv);
    float h_left = height_at(uv - vec2(texel, 0.0));
    float h_right = height_at(uv + vec2(texel, 0.0));
    float h_down = height_at(uv - vec2(0.0, texel));
    float h_up = height_at(uv + vec2(0.0, texel));
    float spacing = terrain.world_size * texel;
    vec3 normal_1 = normalize(vec3(h_left - h_right, 2.0 * spacing, h_down - h_up));
    vec3 world = vec3((uv.x - 0.5) * terrain.world_size, h, (uv.y - 0.5) * terrain.world_size);
    gl_Position = terrain.view_proj * vec4(world, 1.0);
    world_position = world;
    normal = normal_1;
    height01 = h / terrain.height_scale;
    tile = uint(gl_InstanceIndex);
}
