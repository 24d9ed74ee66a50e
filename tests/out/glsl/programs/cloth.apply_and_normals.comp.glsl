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
layout(set = 0, binding = 2, std430) buffer corrected_block {
    vec4 corrected[];
};
layout(set = 0, binding = 3, std430) buffer normals_block {
    vec4 normals[];
};

uint particle(int x, int y) {
    return uint(y) * params.width + uint(x);
}

void main() {
    if (gl_GlobalInvocationID.x >= params.width || gl_GlobalInvocationID.y >= params.height) {
        return;
    }
    int x = int(gl_GlobalInvocationID.x);
    int y = int(gl_GlobalInvocationID.y);
    uint i = particle(x, y);
    vec4 t = corrected[min(i, uint(corrected.length()) - 1u)];
    state.positions[min(i, 4095u)] = t;
    uint particle_1 = particle(max(x - 1, 0), y);
    vec4 t_1 = corrected[min(particle_1, uint(corrected.length()) - 1u)];
    vec3 left = t_1.xyz;
    uint particle_2 = particle(min(x + 1, int(params.width) - 1), y);
    vec4 t_2 = corrected[min(particle_2, uint(corrected.length()) - 1u)];
    vec3 right = t_2.xyz;
    uint particle_3 = particle(x, max(y - 1, 0));
    vec4 t_3 = corrected[min(particle_3, uint(corrected.length()) - 1u)];
    vec3 up = t_3.xyz;
    uint particle_4 = particle(x, min(y + 1, int(params.height) - 1));
    vec4 t_4 = corrected[min(particle_4, uint(corrected.length()) - 1u)];
    vec3 down = t_4.xyz;
    normals[min(i, uint(normals.length()) - 1u)] = vec4(normalize(cross(right - left, down - up)), 0.0);
}
