struct Floor {
    scale: f32,
    time: f32,
    crack_width: f32,
    jitter: f32,
    light_direction: vec4f,
    base_color: vec4f,
    crack_color: vec4f,
}

struct Cells {
    f1: f32,
    f2: f32,
    border: f32,
    nearest: vec2i,
}

@group(0) @binding(0) var<uniform> floor_params: Floor;

fn hash22(p: vec2i) -> vec2f {
    let q = vec2u(p) * vec2u(1597334673u, 3812015801u);
    let n = (q.x ^ q.y) * 1597334673u;
    let m = vec2u(n, n * 3812015801u);
    return vec2f(m >> vec2u(8u)) * 5.9604645e-8f;
}

fn feature_point(cell: vec2i) -> vec2f {
    let h = hash22(cell);
    return vec2f(0.5f) + sin(vec2f(floor_params.time) + h * 6.2831f) * (floor_params.jitter * 0.5f);
}

fn voronoi(p: vec2f) -> Cells {
    let cell = vec2i(floor(p));
    let f = fract(p);
    var j: i32 = -1i;
    var v: u32 = 2u;
    var v_1: bool = true;
    var result: Cells = Cells(8.0f, 8.0f, 8.0f, vec2i(0i));
    var nearest_offset: vec2f = vec2f(0.0f);
    var result_1: Cells;
    var nearest_offset_1: vec2f;
    loop {
        if !v_1 {
            result_1 = result;
            nearest_offset_1 = nearest_offset;
            break;
        }
        var i: i32 = -1i;
        var v_2: u32 = 2u;
        var v_3: bool = true;
        var result_2: Cells = result;
        var nearest_offset_2: vec2f = nearest_offset;
        var result_3: Cells;
        var nearest_offset_3: vec2f;
        loop {
            if !v_3 {
                result_3 = result_2;
                nearest_offset_3 = nearest_offset_2;
                break;
            }
            let g = vec2i(i, j);
            let feature_point_1 = feature_point(cell + g);
            let r = vec2f(g) + feature_point_1 - f;
            let d = dot(r, r);
            var result_4: Cells;
            var nearest_offset_4: vec2f = nearest_offset_2;
            if d < result_2.f1 {
                var result_5: Cells = result_2;
                result_5.f2 = result_2.f1;
                var result_6: Cells = result_5;
                result_6.f1 = d;
                var result_7: Cells = result_6;
                result_7.nearest = cell + g;
                result_4 = result_7;
                nearest_offset_4 = r;
            } else if d < result_2.f2 {
                var result_8: Cells = result_2;
                result_8.f2 = d;
                result_4 = result_8;
            } else {
                result_4 = result_2;
            }
            let next_v = v_2 != 0u;
            i = i + 1i;
            v_2 = v_2 - 1u;
            v_3 = next_v;
            result_2 = result_4;
            nearest_offset_2 = nearest_offset_4;
        }
        let next_v_1 = v != 0u;
        j = j + 1i;
        v = v - 1u;
        v_1 = next_v_1;
        result = result_3;
        nearest_offset = nearest_offset_3;
    }
    var j_1: i32 = -2i;
    var v_4: u32 = 4u;
    var v_5: bool = true;
    var result_9: Cells = result_1;
    var result_10: Cells;
    loop {
        if !v_5 {
            result_10 = result_9;
            break;
        }
        var i_1: i32 = -2i;
        var v_6: u32 = 4u;
        var v_7: bool = true;
        var result_11: Cells = result_9;
        var result_12: Cells;
        loop {
            if !v_7 {
                result_12 = result_11;
                break;
            }
            let g_1 = result_11.nearest - cell + vec2i(i_1, j_1);
            let feature_point_2 = feature_point(cell + g_1);
            let r_1 = vec2f(g_1) + feature_point_2 - f;
            let delta = r_1 - nearest_offset_1;
            var result_13: Cells;
            if dot(delta, delta) > 1e-5f {
                var result_14: Cells = result_11;
                result_14.border = min(result_11.border, dot((nearest_offset_1 + r_1) * 0.5f, normalize(delta)));
                result_13 = result_14;
            } else {
                result_13 = result_11;
            }
            let next_v_2 = v_6 != 0u;
            i_1 = i_1 + 1i;
            v_6 = v_6 - 1u;
            v_7 = next_v_2;
            result_11 = result_13;
        }
        let next_v_3 = v_4 != 0u;
        j_1 = j_1 + 1i;
        v_4 = v_4 - 1u;
        v_5 = next_v_3;
        result_9 = result_12;
    }
    var result_15: Cells = result_10;
    result_15.f1 = sqrt(result_10.f1);
    var result_16: Cells = result_15;
    result_16.f2 = sqrt(result_15.f2);
    return result_16;
}

@fragment
fn stone_floor(@location(0) uv: vec2f) -> @location(0) vec4f {
    let c = voronoi(uv * floor_params.scale);
    let tint = hash22(c.nearest);
    let base_color = floor_params.base_color;
    let stone = base_color.xyz * (0.75f + 0.25f * tint.x);
    let crack = 1.0f - smoothstep(0.0f, floor_params.crack_width, c.border);
    let height = saturate(c.f2 - c.f1);
    let t = dpdx(height);
    let t_1 = dpdy(height);
    let n = normalize(vec3f(-t * 4.0f, -t_1 * 4.0f, 1.0f));
    let light_direction = floor_params.light_direction;
    let light = max(dot(n, normalize(light_direction.xyz)), 0.0f);
    let crack_color = floor_params.crack_color;
    let color = mix(stone * (0.3f + 0.7f * light), crack_color.xyz, vec3f(crack));
    return vec4f(color, 1.0f);
}
