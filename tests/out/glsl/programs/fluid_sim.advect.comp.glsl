#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform grid_block {
    ivec2 size;
    vec2 inv_size;
    float dt;
    float dissipation;
    vec2 splat_point;
    float splat_radius;
    vec2 splat_force;
    vec4 splat_color;
} grid;
layout(set = 0, binding = 1, std430) buffer velocity_block {
    vec2 velocity[];
};
layout(set = 0, binding = 2, std430) buffer velocity_next_block {
    vec2 velocity_next[];
};
layout(set = 0, binding = 3, std430) buffer dye_block {
    vec4 dye[];
};
layout(set = 0, binding = 4, std430) buffer dye_next_block {
    vec4 dye_next[];
};

uint index_of(ivec2 p) {
    ivec2 c = min(max(p, ivec2(0)), grid.size - ivec2(1));
    return uint(c.y * grid.size.x + c.x);
}

bool in_grid(uvec3 id) {
    return int(id.x) < grid.size.x && int(id.y) < grid.size.y;
}

vec2 velocity_at(ivec2 p) {
    uint index_of_1 = index_of(p);
    vec2 t = velocity[min(index_of_1, uint(velocity.length()) - 1u)];
    return t;
}

vec2 bilinear_velocity(vec2 pos) {
    vec2 p = pos - vec2(0.5);
    ivec2 base = ivec2(floor(p));
    vec2 f = fract(p);
    vec2 a = velocity_at(base);
    vec2 b = velocity_at(base + ivec2(1, 0));
    vec2 c = velocity_at(base + ivec2(0, 1));
    vec2 d = velocity_at(base + ivec2(1));
    return mix(mix(a, b, vec2(f.x)), mix(c, d, vec2(f.x)), vec2(f.y));
}

vec4 bilinear_dye(vec2 pos) {
    vec2 p = pos - vec2(0.5);
    ivec2 base = ivec2(floor(p));
    vec2 f = fract(p);
    uint index_of_1 = index_of(base);
    vec4 a = dye[min(index_of_1, uint(dye.length()) - 1u)];
    uint index_of_2 = index_of(base + ivec2(1, 0));
    vec4 b = dye[min(index_of_2, uint(dye.length()) - 1u)];
    uint index_of_3 = index_of(base + ivec2(0, 1));
    vec4 c = dye[min(index_of_3, uint(dye.length()) - 1u)];
    uint index_of_4 = index_of(base + ivec2(1));
    vec4 d = dye[min(index_of_4, uint(dye.length()) - 1u)];
    return mix(mix(a, b, vec4(f.x)), mix(c, d, vec4(f.x)), vec4(f.y));
}

void main() {
    bool in_grid_1 = in_grid(gl_GlobalInvocationID);
    if (!in_grid_1) {
        return;
    }
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    uint i = index_of(p);
    vec2 center = vec2(p) + vec2(0.5);
    vec2 t = velocity[min(i, uint(velocity.length()) - 1u)];
    vec2 back = center - t * grid.dt * vec2(grid.size);
    float decay = 1.0 / (1.0 + grid.dissipation * grid.dt);
    vec2 bilinear_velocity_1 = bilinear_velocity(back);
    velocity_next[min(i, uint(velocity_next.length()) - 1u)] = bilinear_velocity_1 * decay;
    vec4 bilinear_dye_1 = bilinear_dye(back);
    dye_next[min(i, uint(dye_next.length()) - 1u)] = bilinear_dye_1 * decay;
}
