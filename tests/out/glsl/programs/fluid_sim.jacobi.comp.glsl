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
layout(push_constant, std430) uniform step_info_block {
    uint read_a;
    uint pad;
} step_info;
layout(set = 0, binding = 5, std430) buffer divergence_block {
    float divergence[];
};
layout(set = 0, binding = 6, std430) buffer pressure_a_block {
    float pressure_a[];
};
layout(set = 0, binding = 7, std430) buffer pressure_b_block {
    float pressure_b[];
};

uint index_of(ivec2 p) {
    ivec2 c = min(max(p, ivec2(0)), grid.size - ivec2(1));
    return uint(c.y * grid.size.x + c.x);
}

bool in_grid(uvec3 id) {
    return int(id.x) < grid.size.x && int(id.y) < grid.size.y;
}

float pressure_at(ivec2 p, bool from_a) {
    uint i = index_of(p);
    float v;
    if (from_a) {
        float t = pressure_a[min(i, uint(pressure_a.length()) - 1u)];
        v = t;
    } else {
        float t_1 = pressure_b[min(i, uint(pressure_b.length()) - 1u)];
        v = t_1;
    }
    return v;
}

void main() {
    bool in_grid_1 = in_grid(gl_GlobalInvocationID);
    if (!in_grid_1) {
        return;
    }
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    bool from_a = step_info.read_a != 0u;
    float pressure_at_1 = pressure_at(p - ivec2(1, 0), from_a);
    float pressure_at_2 = pressure_at(p + ivec2(1, 0), from_a);
    float pressure_at_3 = pressure_at(p - ivec2(0, 1), from_a);
    float pressure_at_4 = pressure_at(p + ivec2(0, 1), from_a);
    float sum = pressure_at_1 + pressure_at_2 + pressure_at_3 + pressure_at_4;
    uint index_of_1 = index_of(p);
    float t = divergence[min(index_of_1, uint(divergence.length()) - 1u)];
    float result = (sum - t) * 0.25;
    if (from_a) {
        uint index_of_2 = index_of(p);
        pressure_b[min(index_of_2, uint(pressure_b.length()) - 1u)] = result;
    } else {
        uint index_of_3 = index_of(p);
        pressure_a[min(index_of_3, uint(pressure_a.length()) - 1u)] = result;
    }
}
