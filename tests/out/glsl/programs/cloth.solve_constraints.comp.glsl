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

uint particle(int x, int y) {
    return uint(y) * params.width + uint(x);
}

bool pinned(int x, int y) {
    bool top_left = (params.pinned_mask & 1u) != 0u && x == 0 && y == 0;
    bool top_right = (params.pinned_mask & 2u) != 0u && x == int(params.width) - 1 && y == 0;
    return top_left || top_right;
}

void main() {
    ivec2 local[4] = ivec2[4](ivec2(-1, 0), ivec2(1, 0), ivec2(0, -1), ivec2(0, 1));
    if (gl_GlobalInvocationID.x >= params.width || gl_GlobalInvocationID.y >= params.height) {
        return;
    }
    int x = int(gl_GlobalInvocationID.x);
    int y = int(gl_GlobalInvocationID.y);
    uint i = particle(x, y);
    vec4 t = state.positions[min(i, 4095u)];
    vec3 p = t.xyz;
    bool pinned_1 = pinned(x, y);
    if (pinned_1) {
        corrected[min(i, uint(corrected.length()) - 1u)] = vec4(p, 1.0);
        return;
    }
    int n = 0;
    uint v = 3u;
    bool v_1 = true;
    vec3 correction = vec3(0.0);
    float count = 0.0;
    vec3 correction_1;
    float count_1;
    while (true) {
        if (!v_1) {
            correction_1 = correction;
            count_1 = count;
            break;
        }
        ivec2 t_1 = local[min(uint(n), 3u)];
        ivec2 q = ivec2(x, y) + t_1;
        vec3 correction_2 = correction;
        float count_2 = count;
        if (!(q.x < 0 || q.y < 0 || q.x >= int(params.width) || q.y >= int(params.height))) {
            uint particle_1 = particle(q.x, q.y);
            vec4 t_2 = state.positions[min(particle_1, 4095u)];
            vec3 other = t_2.xyz;
            vec3 delta = other - p;
            float len = length(delta);
            vec3 correction_3 = correction;
            float count_3 = count;
            if (len > 1e-6) {
                correction_3 = correction + delta * ((len - params.rest_length) / len) * 0.5;
                count_3 = count + 1.0;
            }
            correction_2 = correction_3;
            count_2 = count_3;
        }
        bool next_v = v != 0u;
        n = n + 1;
        v = v - 1u;
        v_1 = next_v;
        correction = correction_2;
        count = count_2;
    }
    vec3 solved = p + correction_1 * params.stiffness / vec3(max(count_1, 1.0));
    vec4 sphere = params.sphere;
    vec3 to_center = solved - sphere.xyz;
    float d = length(to_center);
    vec3 solved_1 = solved;
    if (d < params.sphere.w) {
        vec4 sphere_1 = params.sphere;
        solved_1 = sphere_1.xyz + to_center * (params.sphere.w / max(d, 1e-6));
    }
    corrected[min(i, uint(corrected.length()) - 1u)] = vec4(solved_1, 1.0);
}
