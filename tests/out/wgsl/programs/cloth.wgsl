struct ClothParams {
    gravity: vec4f,
    wind: vec4f,
    sphere: vec4f,
    width: u32,
    height: u32,
    rest_length: f32,
    dt: f32,
    damping: f32,
    stiffness: f32,
    pinned_mask: u32,
    time: f32,
}

struct ClothState {
    positions: array<vec4f, 4096>,
    previous: array<vec4f, 4096>,
}

@group(0) @binding(0) var<uniform> params: ClothParams;
@group(0) @binding(1) var<storage, read_write> state: ClothState;
@group(0) @binding(2) var<storage, read_write> corrected: array<vec4f>;
@group(0) @binding(3) var<storage, read_write> normals: array<vec4f>;

fn particle(x: i32, y: i32) -> u32 {
    return u32(y) * params.width + u32(x);
}

fn pinned(x: i32, y: i32) -> bool {
    let top_left = (params.pinned_mask & 1u) != 0u && x == 0i && y == 0i;
    let top_right = (params.pinned_mask & 2u) != 0u && x == i32(params.width) - 1i && y == 0i;
    return top_left || top_right;
}

@compute @workgroup_size(8, 8, 1)
fn integrate(@builtin(global_invocation_id) id: vec3u) {
    if id.x >= params.width || id.y >= params.height {
        return;
    }
    let i = particle(i32(id.x), i32(id.y));
    let t = state.positions[min(i, 4095u)];
    let p = t.xyz;
    let pinned_1 = pinned(i32(id.x), i32(id.y));
    if pinned_1 {
        state.previous[min(i, 4095u)] = vec4f(p, 1.0f);
        return;
    }
    let gust = 0.5f + 0.5f * sin(params.time * 2.0f + p.x * 0.7f);
    let gravity = params.gravity;
    let wind = params.wind;
    let acceleration = gravity.xyz + wind.xyz * gust;
    let t_1 = state.previous[min(i, 4095u)];
    let velocity = (p - t_1.xyz) * (1.0f - params.damping);
    state.previous[min(i, 4095u)] = vec4f(p, 1.0f);
    state.positions[min(i, 4095u)] = vec4f(p + velocity + acceleration * params.dt * params.dt, 1.0f);
}

@compute @workgroup_size(8, 8, 1)
fn solve_constraints(@builtin(global_invocation_id) id: vec3u) {
    var local: array<vec2i, 4> = array<vec2i, 4>(vec2i(-1i, 0i), vec2i(1i, 0i), vec2i(0i, -1i), vec2i(0i, 1i));
    if id.x >= params.width || id.y >= params.height {
        return;
    }
    let x = i32(id.x);
    let y = i32(id.y);
    let i = particle(x, y);
    let t = state.positions[min(i, 4095u)];
    let p = t.xyz;
    let pinned_1 = pinned(x, y);
    if pinned_1 {
        corrected[min(i, arrayLength(&corrected) - 1u)] = vec4f(p, 1.0f);
        return;
    }
    var n: i32 = 0i;
    var v: u32 = 3u;
    var v_1: bool = true;
    var correction: vec3f = vec3f(0.0f);
    var count: f32 = 0.0f;
    var correction_1: vec3f;
    var count_1: f32;
    loop {
        if !v_1 {
            correction_1 = correction;
            count_1 = count;
            break;
        }
        let t_1 = local[n];
        let q = vec2i(x, y) + t_1;
        var correction_2: vec3f = correction;
        var count_2: f32 = count;
        if !(q.x < 0i || q.y < 0i || q.x >= i32(params.width) || q.y >= i32(params.height)) {
            let particle_1 = particle(q.x, q.y);
            let t_2 = state.positions[min(particle_1, 4095u)];
            let other = t_2.xyz;
            let delta = other - p;
            let len = length(delta);
            var correction_3: vec3f = correction;
            var count_3: f32 = count;
            if len > 1e-6f {
                correction_3 = correction + delta * ((len - params.rest_length) / len) * 0.5f;
                count_3 = count + 1.0f;
            }
            correction_2 = correction_3;
            count_2 = count_3;
        }
        let next_v = v != 0u;
        n = n + 1i;
        v = v - 1u;
        v_1 = next_v;
        correction = correction_2;
        count = count_2;
    }
    let solved = p + correction_1 * params.stiffness / vec3f(max(count_1, 1.0f));
    let sphere = params.sphere;
    let to_center = solved - sphere.xyz;
    let d = length(to_center);
    var solved_1: vec3f = solved;
    if d < params.sphere.w {
        let sphere_1 = params.sphere;
        solved_1 = sphere_1.xyz + to_center * (params.sphere.w / max(d, 1e-6f));
    }
    corrected[min(i, arrayLength(&corrected) - 1u)] = vec4f(solved_1, 1.0f);
}

@compute @workgroup_size(8, 8, 1)
fn apply_and_normals(@builtin(global_invocation_id) id: vec3u) {
    if id.x >= params.width || id.y >= params.height {
        return;
    }
    let x = i32(id.x);
    let y = i32(id.y);
    let i = particle(x, y);
    let t = corrected[min(i, arrayLength(&corrected) - 1u)];
    state.positions[min(i, 4095u)] = t;
    let particle_1 = particle(max(x - 1i, 0i), y);
    let t_1 = corrected[min(particle_1, arrayLength(&corrected) - 1u)];
    let left = t_1.xyz;
    let particle_2 = particle(min(x + 1i, i32(params.width) - 1i), y);
    let t_2 = corrected[min(particle_2, arrayLength(&corrected) - 1u)];
    let right = t_2.xyz;
    let particle_3 = particle(x, max(y - 1i, 0i));
    let t_3 = corrected[min(particle_3, arrayLength(&corrected) - 1u)];
    let up = t_3.xyz;
    let particle_4 = particle(x, min(y + 1i, i32(params.height) - 1i));
    let t_4 = corrected[min(particle_4, arrayLength(&corrected) - 1u)];
    let down = t_4.xyz;
    normals[min(i, arrayLength(&normals) - 1u)] = vec4f(normalize(cross(right - left, down - up)), 0.0f);
}
