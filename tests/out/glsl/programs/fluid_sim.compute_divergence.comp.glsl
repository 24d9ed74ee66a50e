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
layout(set = 0, binding = 5, std430) buffer divergence_block {
    float divergence[];
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

vec2 velocity_at(ivec2 p) {
    uint index_of_1 = index_of(p);
    vec2 t = velocity[min(index_of_1, uint(velocity.length()) - 1u)];
    return t;
}

void main() {
    bool in_grid_1 = in_grid(gl_GlobalInvocationID);
    if (!in_grid_1) {
        return;
    }
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    float left;
    if (p.x == 0) {
        vec2 velocity_at_1 = velocity_at(p);
        left = -velocity_at_1.x;
    } else {
        vec2 velocity_at_2 = velocity_at(p - ivec2(1, 0));
        left = velocity_at_2.x;
    }
    float right;
    if (p.x == grid.size.x - 1) {
        vec2 velocity_at_3 = velocity_at(p);
        right = -velocity_at_3.x;
    } else {
        vec2 velocity_at_4 = velocity_at(p + ivec2(1, 0));
        right = velocity_at_4.x;
    }
    float bottom;
    if (p.y == 0) {
        vec2 velocity_at_5 = velocity_at(p);
        bottom = -velocity_at_5.y;
    } else {
        vec2 velocity_at_6 = velocity_at(p - ivec2(0, 1));
        bottom = velocity_at_6.y;
    }
    float top;
    if (p.y == grid.size.y - 1) {
        vec2 velocity_at_7 = velocity_at(p);
        top = -velocity_at_7.y;
    } else {
        vec2 velocity_at_8 = velocity_at(p + ivec2(0, 1));
        top = velocity_at_8.y;
    }
    uint index_of_1 = index_of(p);
    divergence[min(index_of_1, uint(divergence.length()) - 1u)] = 0.5 * (right - left + top - bottom);
    uint index_of_2 = index_of(p);
    pressure_a[min(index_of_2, uint(pressure_a.length()) - 1u)] = 0.0;
}
