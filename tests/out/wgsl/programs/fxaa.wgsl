struct FxaaSettings {
    inv_size: vec2f,
    contrast_threshold: f32,
    relative_threshold: f32,
    subpixel_blending: f32,
    @size(12) show_edges: i32,
}

struct Neighbourhood {
    m: f32,
    n: f32,
    e: f32,
    s: f32,
    w: f32,
    ne: f32,
    nw: f32,
    se: f32,
    sw: f32,
    highest: f32,
    lowest: f32,
    range: f32,
}

struct Edge {
    horizontal: bool,
    pixel_step: f32,
    luma_gradient: f32,
    other_luma: f32,
}

@group(0) @binding(0) var<uniform> settings: FxaaSettings;
@group(0) @binding(1) var scene_tex: texture_2d<f32>;
@group(0) @binding(2) var scene_samp: sampler;

fn luma_at(uv: vec2f) -> f32 {
    let texel = textureSampleLevel(scene_tex, scene_samp, uv, 0.0f);
    return texel.w;
}

fn luma_offset(uv: vec2f, x: f32, y: f32) -> f32 {
    let luma_at_1 = luma_at(uv + vec2f(x, y) * settings.inv_size);
    return luma_at_1;
}

fn gather(uv: vec2f) -> Neighbourhood {
    let luma_offset_1 = luma_offset(uv, 0.0f, 0.0f);
    let luma_offset_2 = luma_offset(uv, 0.0f, 1.0f);
    let luma_offset_3 = luma_offset(uv, 1.0f, 0.0f);
    let luma_offset_4 = luma_offset(uv, 0.0f, -1.0f);
    let luma_offset_5 = luma_offset(uv, -1.0f, 0.0f);
    let luma_offset_6 = luma_offset(uv, 1.0f, 1.0f);
    let luma_offset_7 = luma_offset(uv, -1.0f, 1.0f);
    let luma_offset_8 = luma_offset(uv, 1.0f, -1.0f);
    let luma_offset_9 = luma_offset(uv, -1.0f, -1.0f);
    let l = Neighbourhood(luma_offset_1, luma_offset_2, luma_offset_3, luma_offset_4, luma_offset_5, luma_offset_6, luma_offset_7, luma_offset_8, luma_offset_9, 0.0f, 0.0f, 0.0f);
    var l_1: Neighbourhood = l;
    l_1.highest = max(max(max(max(luma_offset_2, luma_offset_3), luma_offset_4), luma_offset_5), luma_offset_1);
    var l_2: Neighbourhood = l_1;
    l_2.lowest = min(min(min(min(l_1.n, l_1.e), l_1.s), l_1.w), l_1.m);
    var l_3: Neighbourhood = l_2;
    l_3.range = l_2.highest - l_2.lowest;
    return l_3;
}

fn skip_pixel(l: Neighbourhood) -> bool {
    let threshold = max(settings.contrast_threshold, settings.relative_threshold * l.highest);
    return l.range < threshold;
}

fn subpixel_blend_factor(l: Neighbourhood) -> f32 {
    let filter_ = 2.0f * (l.n + l.e + l.s + l.w) + l.ne + l.nw + l.se + l.sw;
    let filter_1 = filter_ * 0.083333336f;
    let filter_2 = abs(filter_1 - l.m);
    let filter_3 = saturate(filter_2 / l.range);
    let blend = smoothstep(0.0f, 1.0f, filter_3);
    return blend * blend * settings.subpixel_blending;
}

fn is_horizontal(l: Neighbourhood) -> bool {
    let horizontal = 2.0f * abs(l.n + l.s - 2.0f * l.m) + abs(l.ne + l.se - 2.0f * l.e) + abs(l.nw + l.sw - 2.0f * l.w);
    let vertical = 2.0f * abs(l.e + l.w - 2.0f * l.m) + abs(l.ne + l.nw - 2.0f * l.n) + abs(l.se + l.sw - 2.0f * l.s);
    return horizontal >= vertical;
}

fn determine_edge(l: Neighbourhood) -> Edge {
    let is_horizontal_1 = is_horizontal(l);
    let edge = Edge(is_horizontal_1, 0.0f, 0.0f, 0.0f);
    let p_luma = select(l.e, l.n, is_horizontal_1);
    let n_luma = select(l.w, l.s, is_horizontal_1);
    var edge_1: Edge = edge;
    edge_1.pixel_step = select(settings.inv_size.x, settings.inv_size.y, is_horizontal_1);
    let p_gradient = abs(p_luma - l.m);
    let n_gradient = abs(n_luma - l.m);
    var edge_2: Edge;
    if p_gradient < n_gradient {
        var edge_3: Edge = edge_1;
        edge_3.pixel_step = -edge_1.pixel_step;
        var edge_4: Edge = edge_3;
        edge_4.luma_gradient = n_gradient;
        var edge_5: Edge = edge_4;
        edge_5.other_luma = n_luma;
        edge_2 = edge_5;
    } else {
        var edge_6: Edge = edge_1;
        edge_6.luma_gradient = p_gradient;
        var edge_7: Edge = edge_6;
        edge_7.other_luma = p_luma;
        edge_2 = edge_7;
    }
    return edge_2;
}

fn edge_blend_factor(l: Neighbourhood, edge: Edge, uv: vec2f) -> f32 {
    var local: array<f32, 10> = array<f32, 10>(1.0f, 1.5f, 2.0f, 2.0f, 2.0f, 2.0f, 2.0f, 2.0f, 4.0f, 8.0f);
    var local_1: array<f32, 10> = array<f32, 10>(1.0f, 1.5f, 2.0f, 2.0f, 2.0f, 2.0f, 2.0f, 2.0f, 4.0f, 8.0f);
    var edge_uv: vec2f;
    var uv_step: vec2f;
    if edge.horizontal {
        var edge_uv_1: vec2f = uv;
        edge_uv_1.y = uv.y + 0.5f * edge.pixel_step;
        var uv_step_1: vec2f = vec2f(0.0f);
        uv_step_1.x = settings.inv_size.x;
        edge_uv = edge_uv_1;
        uv_step = uv_step_1;
    } else {
        var edge_uv_2: vec2f = uv;
        edge_uv_2.x = uv.x + 0.5f * edge.pixel_step;
        var uv_step_2: vec2f = vec2f(0.0f);
        uv_step_2.y = settings.inv_size.y;
        edge_uv = edge_uv_2;
        uv_step = uv_step_2;
    }
    let edge_luma = 0.5f * (l.m + edge.other_luma);
    let gradient_threshold = 0.25f * edge.luma_gradient;
    let p_uv = edge_uv + uv_step * 1.0f;
    let luma_at_1 = luma_at(p_uv);
    let p_delta = luma_at_1 - edge_luma;
    let p_at_end = abs(p_delta) >= gradient_threshold;
    var i: i32 = 1i;
    var v: u32 = 8u;
    var v_1: bool = true;
    var p_uv_1: vec2f = p_uv;
    var p_delta_1: f32 = p_delta;
    var p_at_end_1: bool = p_at_end;
    var p_uv_2: vec2f;
    var p_delta_2: f32;
    var p_at_end_2: bool;
    loop {
        if !v_1 {
            p_uv_2 = p_uv_1;
            p_delta_2 = p_delta_1;
            p_at_end_2 = p_at_end_1;
            break;
        }
        if p_at_end_1 {
            p_uv_2 = p_uv_1;
            p_delta_2 = p_delta_1;
            p_at_end_2 = p_at_end_1;
            break;
        }
        let t = local[i];
        let p_uv_3 = p_uv_1 + uv_step * t;
        let luma_at_2 = luma_at(p_uv_3);
        let p_delta_3 = luma_at_2 - edge_luma;
        let p_at_end_3 = abs(p_delta_3) >= gradient_threshold;
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        p_uv_1 = p_uv_3;
        p_delta_1 = p_delta_3;
        p_at_end_1 = p_at_end_3;
    }
    var p_uv_4: vec2f = p_uv_2;
    if !p_at_end_2 {
        p_uv_4 = p_uv_2 + uv_step * 8.0f;
    }
    let n_uv = edge_uv - uv_step * 1.0f;
    let luma_at_3 = luma_at(n_uv);
    let n_delta = luma_at_3 - edge_luma;
    let n_at_end = abs(n_delta) >= gradient_threshold;
    var i_1: i32 = 1i;
    var v_2: u32 = 8u;
    var v_3: bool = true;
    var n_uv_1: vec2f = n_uv;
    var n_delta_1: f32 = n_delta;
    var n_at_end_1: bool = n_at_end;
    var n_uv_2: vec2f;
    var n_delta_2: f32;
    var n_at_end_2: bool;
    loop {
        if !v_3 {
            n_uv_2 = n_uv_1;
            n_delta_2 = n_delta_1;
            n_at_end_2 = n_at_end_1;
            break;
        }
        if n_at_end_1 {
            n_uv_2 = n_uv_1;
            n_delta_2 = n_delta_1;
            n_at_end_2 = n_at_end_1;
            break;
        }
        let t_1 = local_1[i_1];
        let n_uv_3 = n_uv_1 - uv_step * t_1;
        let luma_at_4 = luma_at(n_uv_3);
        let n_delta_3 = luma_at_4 - edge_luma;
        let n_at_end_3 = abs(n_delta_3) >= gradient_threshold;
        let next_v_1 = v_2 != 0u;
        i_1 = i_1 + 1i;
        v_2 = v_2 - 1u;
        v_3 = next_v_1;
        n_uv_1 = n_uv_3;
        n_delta_1 = n_delta_3;
        n_at_end_1 = n_at_end_3;
    }
    var n_uv_4: vec2f = n_uv_2;
    if !n_at_end_2 {
        n_uv_4 = n_uv_2 - uv_step * 8.0f;
    }
    let p_distance = select(p_uv_4.y - uv.y, p_uv_4.x - uv.x, edge.horizontal);
    let n_distance = select(uv.y - n_uv_4.y, uv.x - n_uv_4.x, edge.horizontal);
    let shortest = min(p_distance, n_distance);
    let delta_sign = select(n_delta_2 >= 0.0f, p_delta_2 >= 0.0f, p_distance <= n_distance);
    if delta_sign == (l.m - edge_luma >= 0.0f) {
        return 0.0f;
    }
    return 0.5f - shortest / (p_distance + n_distance);
}

@fragment
fn fxaa(@builtin(position) frag: vec4f) -> @location(0) vec4f {
    let uv = frag.xy * settings.inv_size;
    let l = gather(uv);
    let skip_pixel_1 = skip_pixel(l);
    if skip_pixel_1 {
        let texel = textureSampleLevel(scene_tex, scene_samp, uv, 0.0f);
        return vec4f(texel.xyz, 1.0f);
    }
    let edge = determine_edge(l);
    let subpixel_blend_factor_1 = subpixel_blend_factor(l);
    let edge_blend_factor_1 = edge_blend_factor(l, edge, uv);
    let blend = max(subpixel_blend_factor_1, edge_blend_factor_1);
    if settings.show_edges != 0i {
        return vec4f(1.0f, blend, 0.0f, 1.0f);
    }
    var final_uv: vec2f;
    if edge.horizontal {
        var final_uv_1: vec2f = uv;
        final_uv_1.y = uv.y + blend * edge.pixel_step;
        final_uv = final_uv_1;
    } else {
        var final_uv_2: vec2f = uv;
        final_uv_2.x = uv.x + blend * edge.pixel_step;
        final_uv = final_uv_2;
    }
    let texel_1 = textureSampleLevel(scene_tex, scene_samp, final_uv, 0.0f);
    return vec4f(texel_1.xyz, 1.0f);
}
