#version 450

layout(local_size_x = 32, local_size_y = 1, local_size_z = 1) in;

struct Light {
    vec3 pos;
    float radius;
    vec3 color;
    float pad;
};

struct Hit {
    float dist;
    int index;
};

struct Shortlist {
    Hit hits[8];
    int count;
};

layout(set = 0, binding = 0, std430) readonly buffer lights_block {
    Light lights[];
};
layout(set = 0, binding = 1, std430) buffer out_color_block {
    vec4 out_color[];
};
layout(set = 0, binding = 2, std430) buffer out_index_block {
    ivec4 out_index[];
};
layout(set = 0, binding = 3, std140) uniform params_block {
    vec3 origin;
    uint count;
    mat3 rot[3];
} params;

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

Shortlist empty_list() {
    return Shortlist(Hit[8](Hit(1e30, -1), Hit(1e30, -1), Hit(1e30, -1), Hit(1e30, -1), Hit(1e30, -1), Hit(1e30, -1), Hit(1e30, -1), Hit(1e30, -1)), 0);
}

Shortlist insert(Shortlist s, float d, int i) {
    Shortlist s_1 = Shortlist(Hit[8](Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0)), 0);
    s_1 = s;
    int count = s_1.count;
    bool v = false;
    if (count == 8) {
        float dist = s_1.hits[7u].dist;
        v = d >= dist;
    }
    if (v) {
        Shortlist s_2 = s_1;
        return s_2;
    }
    int count_1 = s_1.count;
    int j = min(count_1, 7);
    uint v_1 = 0u;
    int j_1 = j;
    int j_2;
    while (true) {
        if (!(v_1 < 8u)) {
            j_2 = j_1;
            break;
        }
        bool v_2 = false;
        if (j_1 > 0) {
            float dist_1 = s_1.hits[min(uint(j_1 - 1), 7u)].dist;
            v_2 = dist_1 > d;
        }
        if (!v_2) {
            j_2 = j_1;
            break;
        }
        Hit t = s_1.hits[min(uint(j_1 - 1), 7u)];
        s_1.hits[min(uint(j_1), 7u)] = t;
        int j_3 = j_1 - 1;
        v_1 = v_1 + 1u;
        j_1 = j_3;
    }
    s_1.hits[min(uint(j_2), 7u)].dist = d;
    s_1.hits[min(uint(j_2), 7u)].index = i;
    int count_2 = s_1.count;
    s_1.count = min(count_2 + 1, 8);
    Shortlist s_3 = s_1;
    return s_3;
}

float[8] weights(Shortlist s) {
    Shortlist s_1 = Shortlist(Hit[8](Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0)), 0);
    float w[8] = float[8](0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    s_1 = s;
    w = float[8](0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    int k = 0;
    uint v = 7u;
    bool v_1 = true;
    while (true) {
        if (!v_1) {
            break;
        }
        int count = s_1.count;
        if (k < count) {
            float dist = s_1.hits[min(uint(k), 7u)].dist;
            float dist_1 = s_1.hits[min(uint(k), 7u)].dist;
            w[min(uint(k), 7u)] = 1.0 / (1.0 + dist * dist_1);
        }
        bool next_v = v != 0u;
        k = k + 1;
        v = v - 1u;
        v_1 = next_v;
    }
    float w_1[8] = w;
    return w_1;
}

float total(float w[8]) {
    float w_1[8] = float[8](0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    w_1 = w;
    int k = 0;
    uint v = 7u;
    bool v_1 = true;
    float t = 0.0;
    float t_1;
    while (true) {
        if (!v_1) {
            t_1 = t;
            break;
        }
        float t_2 = w_1[min(uint(k), 7u)];
        float t_3 = t + t_2;
        bool next_v = v != 0u;
        k = k + 1;
        v = v - 1u;
        v_1 = next_v;
        t = t_3;
    }
    return t_1;
}

void main() {
    Shortlist s = Shortlist(Hit[8](Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0), Hit(0.0, 0)), 0);
    float w[8] = float[8](0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    mat3 rots[3] = mat3[3](mat3(0.0), mat3(0.0), mat3(0.0));
    vec3 p = params.origin + vec3(float(gl_GlobalInvocationID.x), 0.0, 0.0);
    Shortlist empty_list_1 = empty_list();
    s = empty_list_1;
    uint t = uint(lights.length());
    int n = int(min(params.count, uint(int(t))));
    int t_1 = n - 1;
    int i = 0;
    uint v = uint(t_1) - 0u;
    bool v_1 = 0 <= t_1;
    uint v_2 = 0u;
    while (true) {
        if (!(v_2 < 1024u)) {
            break;
        }
        if (!v_1) {
            break;
        }
        Light l = lights[min(uint(i), uint(lights.length()) - 1u)];
        float d = distance(p, l.pos);
        if (d < l.radius) {
            Shortlist s_1 = s;
            Shortlist insert_1 = insert(s_1, d, i);
            s = insert_1;
        }
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
    }
    Shortlist s_2 = s;
    float weights_1[8] = weights(s_2);
    w = weights_1;
    float w_1[8] = w;
    float total_1 = total(w_1);
    float t_2 = max(total_1, 1e-6);
    rots = params.rot;
    int k = 0;
    uint v_3 = 7u;
    bool v_4 = true;
    vec3 c = vec3(0.0);
    vec3 c_1;
    while (true) {
        if (!v_4) {
            c_1 = c;
            break;
        }
        int count = s.count;
        vec3 c_2 = c;
        if (k < count) {
            int index = s.hits[min(uint(k), 7u)].index;
            mat3 m = rots[min(uint(luma_rem(index, 3)), 2u)];
            int index_1 = s.hits[min(uint(k), 7u)].index;
            vec3 color = lights[min(uint(index_1), uint(lights.length()) - 1u)].color;
            float t_3 = w[min(uint(k), 7u)];
            c_2 = c + m * color * (t_3 / t_2);
        }
        bool next_v_1 = v_3 != 0u;
        k = k + 1;
        v_3 = v_3 - 1u;
        v_4 = next_v_1;
        c = c_2;
    }
    int count_1 = s.count;
    out_color[min(gl_GlobalInvocationID.x, uint(out_color.length()) - 1u)] = vec4(c_1, float(count_1));
    int index_2 = s.hits[0u].index;
    int index_3 = s.hits[1u].index;
    int index_4 = s.hits[2u].index;
    int index_5 = s.hits[7u].index;
    out_index[min(gl_GlobalInvocationID.x, uint(out_index.length()) - 1u)] = ivec4(index_2, index_3, index_4, index_5);
}
