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
layout(set = 0, binding = 6, std430) buffer pressure_a_block {
    float pressure_a[];
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
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    uint index_of_1 = index_of(p - ivec2(1, 0));
    float left = pressure_a[min(index_of_1, uint(pressure_a.length()) - 1u)];
    uint index_of_2 = index_of(p + ivec2(1, 0));
    float right = pressure_a[min(index_of_2, uint(pressure_a.length()) - 1u)];
    uint index_of_3 = index_of(p - ivec2(0, 1));
    float bottom = pressure_a[min(index_of_3, uint(pressure_a.length()) - 1u)];
    uint index_of_4 = index_of(p + ivec2(0, 1));
    float top = pressure_a[min(index_of_4, uint(pressure_a.length()) - 1u)];
    uint index_of_5 = index_of(p);
    vec2 t = velocity[min(index_of_5, uint(velocity.length()) - 1u)];
    velocity[min(index_of_5, uint(velocity.length()) - 1u)] = t - vec2(right - left, top - bottom) * 0.5;
}
