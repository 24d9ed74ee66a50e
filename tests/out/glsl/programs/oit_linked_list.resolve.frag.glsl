#version 450

struct Node {
    uint color;
    float depth;
    uint next;
};

layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std430) buffer counter_block {
    uint count;
    uint capacity;
    uint width;
} counter;
layout(set = 0, binding = 1, std430) readonly buffer nodes_block {
    Node nodes[];
};
layout(set = 0, binding = 2, std430) buffer heads_block {
    uint heads[];
};

void main() {
    uint colors[8] = uint[8](0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u);
    float depths[8] = float[8](0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    uvec2 p = uvec2(gl_FragCoord.xy);
    uint width = counter.width;
    uint head = atomicAdd(heads[min(p.y * width + p.x, uint(heads.length()) - 1u)], 0u);
    colors = uint[8](0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u);
    depths = float[8](1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0);
    uint v = 0u;
    uint head_1 = head;
    int n = 0;
    int n_1;
    while (true) {
        if (!(v < 8u)) {
            n_1 = n;
            break;
        }
        if (!(head_1 != 4294967295u && n < 8)) {
            n_1 = n;
            break;
        }
        uint color_1 = nodes[min(head_1, uint(nodes.length()) - 1u)].color;
        colors[min(uint(n), 7u)] = color_1;
        float depth = nodes[min(head_1, uint(nodes.length()) - 1u)].depth;
        depths[min(uint(n), 7u)] = depth;
        uint head_2 = nodes[min(head_1, uint(nodes.length()) - 1u)].next;
        int n_2 = n + 1;
        v = v + 1u;
        head_1 = head_2;
        n = n_2;
    }
    int t = n_1 - 1;
    int i = 1;
    uint v_1 = uint(t) - 1u;
    bool v_2 = 1 <= t;
    uint v_3 = 0u;
    while (true) {
        if (!(v_3 < 8u)) {
            break;
        }
        if (!v_2) {
            break;
        }
        uint v_4 = 0u;
        int j = i;
        while (true) {
            if (!(v_4 < 8u)) {
                break;
            }
            bool v_5 = false;
            if (j > 0) {
                float t_1 = depths[min(uint(j - 1), 7u)];
                float t_2 = depths[min(uint(j), 7u)];
                v_5 = t_1 < t_2;
            }
            if (!v_5) {
                break;
            }
            float t_3 = depths[min(uint(j), 7u)];
            float t_4 = depths[min(uint(j - 1), 7u)];
            depths[min(uint(j), 7u)] = t_4;
            depths[min(uint(j - 1), 7u)] = t_3;
            uint u = colors[min(uint(j), 7u)];
            uint t_5 = colors[min(uint(j - 1), 7u)];
            colors[min(uint(j), 7u)] = t_5;
            colors[min(uint(j - 1), 7u)] = u;
            int j_1 = j - 1;
            v_4 = v_4 + 1u;
            j = j_1;
        }
        bool next_v = v_1 != 0u;
        i = i + 1;
        v_1 = v_1 - 1u;
        v_2 = next_v;
        v_3 = v_3 + 1u;
    }
    int t_6 = n_1 - 1;
    int i_1 = 0;
    uint v_6 = uint(t_6) - 0u;
    bool v_7 = 0 <= t_6;
    uint v_8 = 0u;
    vec4 result = vec4(0.0);
    vec4 result_1;
    while (true) {
        if (!(v_8 < 8u)) {
            result_1 = result;
            break;
        }
        if (!v_7) {
            result_1 = result;
            break;
        }
        uint t_7 = colors[min(uint(i_1), 7u)];
        vec4 s = unpackUnorm4x8(t_7);
        vec4 result_2 = vec4(mix(result.xyz, s.xyz, vec3(s.w)), result.w + s.w * (1.0 - result.w));
        bool next_v_1 = v_6 != 0u;
        i_1 = i_1 + 1;
        v_6 = v_6 - 1u;
        v_7 = next_v_1;
        v_8 = v_8 + 1u;
        result = result_2;
    }
    color = result_1;
}
