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

void main() {
    bool in_grid_1 = in_grid(gl_GlobalInvocationID);
    if (!in_grid_1) {
        return;
    }
    uint i = index_of(ivec2(gl_GlobalInvocationID.xy));
    vec2 uv = (vec2(gl_GlobalInvocationID.xy) + vec2(0.5)) * grid.inv_size;
    vec2 d = uv - grid.splat_point;
    float weight = exp(-dot(d, d) / grid.splat_radius);
    vec2 t = velocity_next[min(i, uint(velocity_next.length()) - 1u)];
    velocity[min(i, uint(velocity.length()) - 1u)] = t + grid.splat_force * weight;
    vec4 t_1 = dye_next[min(i, uint(dye_next.length()) - 1u)];
    dye[min(i, uint(dye.length()) - 1u)] = t_1 + grid.splat_color * weight;
}
