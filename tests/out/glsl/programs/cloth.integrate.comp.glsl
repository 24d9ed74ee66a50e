#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform params_block {
    vec4 gravity;
    vec4 wind;
    vec4 sphere;
    uint width;
    uint height;
    float rest_length;
    float dt;
    float damping;
    float stiffness;
    uint pinned_mask;
    float time;
} params;
layout(set = 0, binding = 1, std430) buffer state_block {
    vec4 positions[4096];
    vec4 previous[4096];
} state;

uint particle(int x, int y) {
    return uint(y) * params.width + uint(x);
}

bool pinned(int x, int y) {
    bool top_left = (params.pinned_mask & 1u) != 0u && x == 0 && y == 0;
    bool top_right = (params.pinned_mask & 2u) != 0u && x == int(params.width) - 1 && y == 0;
    return top_left || top_right;
}

void main() {
    if (gl_GlobalInvocationID.x >= params.width || gl_GlobalInvocationID.y >= params.height) {
        return;
    }
    uint i = particle(int(gl_GlobalInvocationID.x), int(gl_GlobalInvocationID.y));
    vec4 t = state.positions[min(i, 4095u)];
    vec3 p = t.xyz;
    bool pinned_1 = pinned(int(gl_GlobalInvocationID.x), int(gl_GlobalInvocationID.y));
    if (pinned_1) {
        state.previous[min(i, 4095u)] = vec4(p, 1.0);
        return;
    }
    float gust = 0.5 + 0.5 * sin(params.time * 2.0 + p.x * 0.7);
    vec4 gravity = params.gravity;
    vec4 wind = params.wind;
    vec3 acceleration = gravity.xyz + wind.xyz * gust;
    vec4 t_1 = state.previous[min(i, 4095u)];
    vec3 velocity = (p - t_1.xyz) * (1.0 - params.damping);
    state.previous[min(i, 4095u)] = vec4(p, 1.0);
    state.positions[min(i, 4095u)] = vec4(p + velocity + acceleration * params.dt * params.dt, 1.0);
}
