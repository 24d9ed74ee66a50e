#version 450

struct Cells {
    float f1;
    float f2;
    float border;
    ivec2 nearest;
};

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform floor_params_block {
    float scale;
    float time;
    float crack_width;
    float jitter;
    vec4 light_direction;
    vec4 base_color;
    vec4 crack_color;
} floor_params;

vec2 hash22(ivec2 p) {
    uvec2 q = uvec2(p) * uvec2(1597334673u, 3812015801u);
    uint n = (q.x ^ q.y) * 1597334673u;
    uvec2 m = uvec2(n, n * 3812015801u);
    return vec2(m >> uvec2(8u)) * 5.9604645e-8;
}

vec2 feature_point(ivec2 cell) {
    vec2 h = hash22(cell);
    return vec2(0.5) + sin(vec2(floor_params.time) + h * 6.2831) * (floor_params.jitter * 0.5);
}

Cells voronoi(vec2 p) {
    ivec2 cell = ivec2(floor(p));
    vec2 f = fract(p);
    int j = -1;
    uint v = 2u;
    bool v_1 = true;
    Cells result = Cells(8.0, 8.0, 8.0, ivec2(0));
    vec2 nearest_offset = vec2(0.0);
    Cells result_1;
    vec2 nearest_offset_1;
    while (true) {
        if (!v_1) {
            result_1 = result;
            nearest_offset_1 = nearest_offset;
            break;
        }
        int i = -1;
        uint v_2 = 2u;
        bool v_3 = true;
        Cells result_2 = result;
        vec2 nearest_offset_2 = nearest_offset;
        Cells result_3;
        vec2 nearest_offset_3;
        while (true) {
            if (!v_3) {
                result_3 = result_2;
                nearest_offset_3 = nearest_offset_2;
                break;
            }
            ivec2 g = ivec2(i, j);
            vec2 feature_point_1 = feature_point(cell + g);
            vec2 r = vec2(g) + feature_point_1 - f;
            float d = dot(r, r);
            Cells result_4;
            vec2 nearest_offset_4 = nearest_offset_2;
            if (d < result_2.f1) {
                Cells result_5 = result_2;
                result_5.f2 = result_2.f1;
                Cells result_6 = result_5;
                result_6.f1 = d;
                Cells result_7 = result_6;
                result_7.nearest = cell + g;
                result_4 = result_7;
                nearest_offset_4 = r;
            } else if (d < result_2.f2) {
                Cells result_8 = result_2;
                result_8.f2 = d;
                result_4 = result_8;
            } else {
                result_4 = result_2;
            }
            bool next_v = v_2 != 0u;
            i = i + 1;
            v_2 = v_2 - 1u;
            v_3 = next_v;
            result_2 = result_4;
            nearest_offset_2 = nearest_offset_4;
        }
        bool next_v_1 = v != 0u;
        j = j + 1;
        v = v - 1u;
        v_1 = next_v_1;
        result = result_3;
        nearest_offset = nearest_offset_3;
    }
    int j_1 = -2;
    uint v_4 = 4u;
    bool v_5 = true;
    Cells result_9 = result_1;
    Cells result_10;
    while (true) {
        if (!v_5) {
            result_10 = result_9;
            break;
        }
        int i_1 = -2;
        uint v_6 = 4u;
        bool v_7 = true;
        Cells result_11 = result_9;
        Cells result_12;
        while (true) {
            if (!v_7) {
                result_12 = result_11;
                break;
            }
            ivec2 g_1 = result_11.nearest - cell + ivec2(i_1, j_1);
            vec2 feature_point_2 = feature_point(cell + g_1);
            vec2 r_1 = vec2(g_1) + feature_point_2 - f;
            vec2 delta = r_1 - nearest_offset_1;
            Cells result_13;
            if (dot(delta, delta) > 1e-5) {
                Cells result_14 = result_11;
                result_14.border = min(result_11.border, dot((nearest_offset_1 + r_1) * 0.5, normalize(delta)));
                result_13 = result_14;
            } else {
                result_13 = result_11;
            }
            bool next_v_2 = v_6 != 0u;
            i_1 = i_1 + 1;
            v_6 = v_6 - 1u;
            v_7 = next_v_2;
            result_11 = result_13;
        }
        bool next_v_3 = v_4 != 0u;
        j_1 = j_1 + 1;
        v_4 = v_4 - 1u;
        v_5 = next_v_3;
        result_9 = result_12;
    }
    Cells result_15 = result_10;
    result_15.f1 = sqrt(result_10.f1);
    Cells result_16 = result_15;
    result_16.f2 = sqrt(result_15.f2);
    return result_16;
}

void main() {
    Cells c = voronoi(uv * floor_params.scale);
    vec2 tint = hash22(c.nearest);
    vec4 base_color = floor_params.base_color;
    vec3 stone = base_color.xyz * (0.75 + 0.25 * tint.x);
    float crack = 1.0 - smoothstep(0.0, floor_params.crack_width, c.border);
    float height = clamp(c.f2 - c.f1, 0.0, 1.0);
    float t = dFdx(height);
    float t_1 = dFdy(height);
    vec3 n = normalize(vec3(-t * 4.0, -t_1 * 4.0, 1.0));
    vec4 light_direction = floor_params.light_direction;
    float light = max(dot(n, normalize(light_direction.xyz)), 0.0);
    vec4 crack_color = floor_params.crack_color;
    vec3 color_1 = mix(stone * (0.3 + 0.7 * light), crack_color.xyz, vec3(crack));
    color = vec4(color_1, 1.0);
}
