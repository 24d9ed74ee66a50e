#version 450

struct Neighbourhood {
    float m;
    float n;
    float e;
    float s;
    float w;
    float ne;
    float nw;
    float se;
    float sw;
    float highest;
    float lowest;
    float range;
};

struct Edge {
    bool horizontal;
    float pixel_step;
    float luma_gradient;
    float other_luma;
};

layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform settings_block {
    vec2 inv_size;
    float contrast_threshold;
    float relative_threshold;
    float subpixel_blending;
    int show_edges;
} settings;
layout(set = 0, binding = 1) uniform sampler2D scene;

float luma_at(vec2 uv) {
    vec4 texel = textureLod(scene, uv, 0.0);
    return texel.w;
}

float luma_offset(vec2 uv, float x, float y) {
    float luma_at_1 = luma_at(uv + vec2(x, y) * settings.inv_size);
    return luma_at_1;
}

Neighbourhood gather(vec2 uv) {
    float luma_offset_1 = luma_offset(uv, 0.0, 0.0);
    float luma_offset_2 = luma_offset(uv, 0.0, 1.0);
    float luma_offset_3 = luma_offset(uv, 1.0, 0.0);
    float luma_offset_4 = luma_offset(uv, 0.0, -1.0);
    float luma_offset_5 = luma_offset(uv, -1.0, 0.0);
    float luma_offset_6 = luma_offset(uv, 1.0, 1.0);
    float luma_offset_7 = luma_offset(uv, -1.0, 1.0);
    float luma_offset_8 = luma_offset(uv, 1.0, -1.0);
    float luma_offset_9 = luma_offset(uv, -1.0, -1.0);
    Neighbourhood l = Neighbourhood(luma_offset_1, luma_offset_2, luma_offset_3, luma_offset_4, luma_offset_5, luma_offset_6, luma_offset_7, luma_offset_8, luma_offset_9, 0.0, 0.0, 0.0);
    Neighbourhood l_1 = l;
    l_1.highest = max(max(max(max(luma_offset_2, luma_offset_3), luma_offset_4), luma_offset_5), luma_offset_1);
    Neighbourhood l_2 = l_1;
    l_2.lowest = min(min(min(min(l_1.n, l_1.e), l_1.s), l_1.w), l_1.m);
    Neighbourhood l_3 = l_2;
    l_3.range = l_2.highest - l_2.lowest;
    return l_3;
}

bool skip_pixel(Neighbourhood l) {
    float threshold = max(settings.contrast_threshold, settings.relative_threshold * l.highest);
    return l.range < threshold;
}

float subpixel_blend_factor(Neighbourhood l) {
    float filter_ = 2.0 * (l.n + l.e + l.s + l.w) + l.ne + l.nw + l.se + l.sw;
    float filter_1 = filter_ * 0.083333336;
    float filter_2 = abs(filter_1 - l.m);
    float filter_3 = clamp(filter_2 / l.range, 0.0, 1.0);
    float blend = smoothstep(0.0, 1.0, filter_3);
    return blend * blend * settings.subpixel_blending;
}

bool is_horizontal(Neighbourhood l) {
    float horizontal = 2.0 * abs(l.n + l.s - 2.0 * l.m) + abs(l.ne + l.se - 2.0 * l.e) + abs(l.nw + l.sw - 2.0 * l.w);
    float vertical = 2.0 * abs(l.e + l.w - 2.0 * l.m) + abs(l.ne + l.nw - 2.0 * l.n) + abs(l.se + l.sw - 2.0 * l.s);
    return horizontal >= vertical;
}

Edge determine_edge(Neighbourhood l) {
    bool is_horizontal_1 = is_horizontal(l);
    Edge edge = Edge(is_horizontal_1, 0.0, 0.0, 0.0);
    float p_luma = is_horizontal_1 ? l.n : l.e;
    float n_luma = is_horizontal_1 ? l.s : l.w;
    Edge edge_1 = edge;
    edge_1.pixel_step = is_horizontal_1 ? settings.inv_size.y : settings.inv_size.x;
    float p_gradient = abs(p_luma - l.m);
    float n_gradient = abs(n_luma - l.m);
    Edge edge_2;
    if (p_gradient < n_gradient) {
        Edge edge_3 = edge_1;
        edge_3.pixel_step = -edge_1.pixel_step;
        Edge edge_4 = edge_3;
        edge_4.luma_gradient = n_gradient;
        Edge edge_5 = edge_4;
        edge_5.other_luma = n_luma;
        edge_2 = edge_5;
    } else {
        Edge edge_6 = edge_1;
        edge_6.luma_gradient = p_gradient;
        Edge edge_7 = edge_6;
        edge_7.other_luma = p_luma;
        edge_2 = edge_7;
    }
    return edge_2;
}

float edge_blend_factor(Neighbourhood l, Edge edge, vec2 uv) {
    float local[10] = float[10](1.0, 1.5, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 4.0, 8.0);
    float local_1[10] = float[10](1.0, 1.5, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 4.0, 8.0);
    vec2 edge_uv;
    vec2 uv_step;
    if (edge.horizontal) {
        vec2 edge_uv_1 = uv;
        edge_uv_1.y = uv.y + 0.5 * edge.pixel_step;
        vec2 uv_step_1 = vec2(0.0);
        uv_step_1.x = settings.inv_size.x;
        edge_uv = edge_uv_1;
        uv_step = uv_step_1;
    } else {
        vec2 edge_uv_2 = uv;
        edge_uv_2.x = uv.x + 0.5 * edge.pixel_step;
        vec2 uv_step_2 = vec2(0.0);
        uv_step_2.y = settings.inv_size.y;
        edge_uv = edge_uv_2;
        uv_step = uv_step_2;
    }
    float edge_luma = 0.5 * (l.m + edge.other_luma);
    float gradient_threshold = 0.25 * edge.luma_gradient;
    vec2 p_uv = edge_uv + uv_step * 1.0;
    float luma_at_1 = luma_at(p_uv);
    float p_delta = luma_at_1 - edge_luma;
    bool p_at_end = abs(p_delta) >= gradient_threshold;
    int i = 1;
    uint v = 8u;
    bool v_1 = true;
    vec2 p_uv_1 = p_uv;
    float p_delta_1 = p_delta;
    bool p_at_end_1 = p_at_end;
    vec2 p_uv_2;
    float p_delta_2;
    bool p_at_end_2;
    while (true) {
        if (!v_1) {
            p_uv_2 = p_uv_1;
            p_delta_2 = p_delta_1;
            p_at_end_2 = p_at_end_1;
            break;
        }
        if (p_at_end_1) {
            p_uv_2 = p_uv_1;
            p_delta_2 = p_delta_1;
            p_at_end_2 = p_at_end_1;
            break;
        }
        float t = local[min(uint(i), 9u)];
        vec2 p_uv_3 = p_uv_1 + uv_step * t;
        float luma_at_2 = luma_at(p_uv_3);
        float p_delta_3 = luma_at_2 - edge_luma;
        bool p_at_end_3 = abs(p_delta_3) >= gradient_threshold;
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        p_uv_1 = p_uv_3;
        p_delta_1 = p_delta_3;
        p_at_end_1 = p_at_end_3;
    }
    vec2 p_uv_4 = p_uv_2;
    if (!p_at_end_2) {
        p_uv_4 = p_uv_2 + uv_step * 8.0;
    }
    vec2 n_uv = edge_uv - uv_step * 1.0;
    float luma_at_3 = luma_at(n_uv);
    float n_delta = luma_at_3 - edge_luma;
    bool n_at_end = abs(n_delta) >= gradient_threshold;
    int i_1 = 1;
    uint v_2 = 8u;
    bool v_3 = true;
    vec2 n_uv_1 = n_uv;
    float n_delta_1 = n_delta;
    bool n_at_end_1 = n_at_end;
    vec2 n_uv_2;
    float n_delta_2;
    bool n_at_end_2;
    while (true) {
        if (!v_3) {
            n_uv_2 = n_uv_1;
            n_delta_2 = n_delta_1;
            n_at_end_2 = n_at_end_1;
            break;
        }
        if (n_at_end_1) {
            n_uv_2 = n_uv_1;
            n_delta_2 = n_delta_1;
            n_at_end_2 = n_at_end_1;
            break;
        }
        float t_1 = local_1[min(uint(i_1), 9u)];
        vec2 n_uv_3 = n_uv_1 - uv_step * t_1;
        float luma_at_4 = luma_at(n_uv_3);
        float n_delta_3 = luma_at_4 - edge_luma;
        bool n_at_end_3 = abs(n_delta_3) >= gradient_threshold;
        bool next_v_1 = v_2 != 0u;
        i_1 = i_1 + 1;
        v_2 = v_2 - 1u;
        v_3 = next_v_1;
        n_uv_1 = n_uv_3;
        n_delta_1 = n_delta_3;
        n_at_end_1 = n_at_end_3;
    }
    vec2 n_uv_4 = n_uv_2;
    if (!n_at_end_2) {
        n_uv_4 = n_uv_2 - uv_step * 8.0;
    }
    float p_distance = edge.horizontal ? p_uv_4.x - uv.x : p_uv_4.y - uv.y;
    float n_distance = edge.horizontal ? uv.x - n_uv_4.x : uv.y - n_uv_4.y;
    float shortest = min(p_distance, n_distance);
    bool delta_sign = p_distance <= n_distance ? p_delta_2 >= 0.0 : n_delta_2 >= 0.0;
    if (delta_sign == (l.m - edge_luma >= 0.0)) {
        return 0.0;
    }
    return 0.5 - shortest / (p_distance + n_distance);
}

void main() {
    vec2 uv = gl_FragCoord.xy * settings.inv_size;
    Neighbourhood l = gather(uv);
    bool skip_pixel_1 = skip_pixel(l);
    if (skip_pixel_1) {
        vec4 texel = textureLod(scene, uv, 0.0);
        color = vec4(texel.xyz, 1.0);
        return;
    }
    Edge edge = determine_edge(l);
    float subpixel_blend_factor_1 = subpixel_blend_factor(l);
    float edge_blend_factor_1 = edge_blend_factor(l, edge, uv);
    float blend = max(subpixel_blend_factor_1, edge_blend_factor_1);
    if (settings.show_edges != 0) {
        color = vec4(1.0, blend, 0.0, 1.0);
        return;
    }
    vec2 final_uv;
    if (edge.horizontal) {
        vec2 final_uv_1 = uv;
        final_uv_1.y = uv.y + blend * edge.pixel_step;
        final_uv = final_uv_1;
    } else {
        vec2 final_uv_2 = uv;
        final_uv_2.x = uv.x + blend * edge.pixel_step;
        final_uv = final_uv_2;
    }
    vec4 texel_1 = textureLod(scene, final_uv, 0.0);
    color = vec4(texel_1.xyz, 1.0);
}
