#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 5, rgba16f) uniform writeonly image2D tile_max[2];

void store_tile(int level, ivec2 tile, vec2 v) {
    if (all(lessThan(uvec2(tile), uvec2(imageSize(tile_max[min(uint(level), 1u)]))))) {
        imageStore(tile_max[min(uint(level), 1u)], tile, vec4(v, length(v), 1.0));
    }
}

void main() {
    store_tile(0, ivec2(gl_WorkGroupID.xy), vec2(0.0));
    store_tile(1, ivec2(gl_WorkGroupID.xy), vec2(0.0));
}
