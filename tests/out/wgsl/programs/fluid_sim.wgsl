struct Grid {
    size: vec2i,
    inv_size: vec2f,
    dt: f32,
    dissipation: f32,
    splat_point: vec2f,
    splat_radius: f32,
    splat_force: vec2f,
    splat_color: vec4f,
}

struct Step {
    read_a: u32,
    pad: u32,
}

@group(0) @binding(0) var<uniform> grid: Grid;
var<immediate> step_info: Step;
@group(0) @binding(1) var<storage, read_write> velocity: array<vec2f>;
@group(0) @binding(2) var<storage, read_write> velocity_next: array<vec2f>;
@group(0) @binding(3) var<storage, read_write> dye: array<vec4f>;
@group(0) @binding(4) var<storage, read_write> dye_next: array<vec4f>;
@group(0) @binding(5) var<storage, read_write> divergence: array<f32>;
@group(0) @binding(6) var<storage, read_write> pressure_a: array<f32>;
@group(0) @binding(7) var<storage, read_write> pressure_b: array<f32>;

fn index_of(p: vec2i) -> u32 {
    let c = clamp(p, vec2i(0i), grid.size - vec2i(1i));
    return u32(c.y * grid.size.x + c.x);
}

fn in_grid(id: vec3u) -> bool {
    return i32(id.x) < grid.size.x && i32(id.y) < grid.size.y;
}

fn velocity_at(p: vec2i) -> vec2f {
    let index_of_1 = index_of(p);
    let t = velocity[min(index_of_1, arrayLength(&velocity) - 1u)];
    return t;
}

fn bilinear_velocity(pos: vec2f) -> vec2f {
    let p = pos - vec2f(0.5f);
    let base = vec2i(floor(p));
    let f = fract(p);
    let a = velocity_at(base);
    let b = velocity_at(base + vec2i(1i, 0i));
    let c = velocity_at(base + vec2i(0i, 1i));
    let d = velocity_at(base + vec2i(1i));
    return mix(mix(a, b, vec2f(f.x)), mix(c, d, vec2f(f.x)), vec2f(f.y));
}

fn bilinear_dye(pos: vec2f) -> vec4f {
    let p = pos - vec2f(0.5f);
    let base = vec2i(floor(p));
    let f = fract(p);
    let index_of_1 = index_of(base);
    let a = dye[min(index_of_1, arrayLength(&dye) - 1u)];
    let index_of_2 = index_of(base + vec2i(1i, 0i));
    let b = dye[min(index_of_2, arrayLength(&dye) - 1u)];
    let index_of_3 = index_of(base + vec2i(0i, 1i));
    let c = dye[min(index_of_3, arrayLength(&dye) - 1u)];
    let index_of_4 = index_of(base + vec2i(1i));
    let d = dye[min(index_of_4, arrayLength(&dye) - 1u)];
    return mix(mix(a, b, vec4f(f.x)), mix(c, d, vec4f(f.x)), vec4f(f.y));
}

fn pressure_at(p: vec2i, from_a: bool) -> f32 {
    let i = index_of(p);
    var v: f32;
    if from_a {
        let t = pressure_a[min(i, arrayLength(&pressure_a) - 1u)];
        v = t;
    } else {
        let t_1 = pressure_b[min(i, arrayLength(&pressure_b) - 1u)];
        v = t_1;
    }
    return v;
}

@compute @workgroup_size(8, 8, 1)
fn advect(@builtin(global_invocation_id) id: vec3u) {
    let in_grid_1 = in_grid(id);
    if !in_grid_1 {
        return;
    }
    let p = vec2i(id.xy);
    let i = index_of(p);
    let center = vec2f(p) + vec2f(0.5f);
    let t = velocity[min(i, arrayLength(&velocity) - 1u)];
    let back = center - t * grid.dt * vec2f(grid.size);
    let decay = 1.0f / (1.0f + grid.dissipation * grid.dt);
    let bilinear_velocity_1 = bilinear_velocity(back);
    velocity_next[min(i, arrayLength(&velocity_next) - 1u)] = bilinear_velocity_1 * decay;
    let bilinear_dye_1 = bilinear_dye(back);
    dye_next[min(i, arrayLength(&dye_next) - 1u)] = bilinear_dye_1 * decay;
}

@compute @workgroup_size(8, 8, 1)
fn splat(@builtin(global_invocation_id) id: vec3u) {
    let in_grid_1 = in_grid(id);
    if !in_grid_1 {
        return;
    }
    let i = index_of(vec2i(id.xy));
    let uv = (vec2f(id.xy) + vec2f(0.5f)) * grid.inv_size;
    let d = uv - grid.splat_point;
    let weight = exp(-dot(d, d) / grid.splat_radius);
    let t = velocity_next[min(i, arrayLength(&velocity_next) - 1u)];
    velocity[min(i, arrayLength(&velocity) - 1u)] = t + grid.splat_force * weight;
    let t_1 = dye_next[min(i, arrayLength(&dye_next) - 1u)];
    dye[min(i, arrayLength(&dye) - 1u)] = t_1 + grid.splat_color * weight;
}

@compute @workgroup_size(8, 8, 1)
fn compute_divergence(@builtin(global_invocation_id) id: vec3u) {
    let in_grid_1 = in_grid(id);
    if !in_grid_1 {
        return;
    }
    let p = vec2i(id.xy);
    var left: f32;
    if p.x == 0i {
        let velocity_at_1 = velocity_at(p);
        left = -velocity_at_1.x;
    } else {
        let velocity_at_2 = velocity_at(p - vec2i(1i, 0i));
        left = velocity_at_2.x;
    }
    var right: f32;
    if p.x == grid.size.x - 1i {
        let velocity_at_3 = velocity_at(p);
        right = -velocity_at_3.x;
    } else {
        let velocity_at_4 = velocity_at(p + vec2i(1i, 0i));
        right = velocity_at_4.x;
    }
    var bottom: f32;
    if p.y == 0i {
        let velocity_at_5 = velocity_at(p);
        bottom = -velocity_at_5.y;
    } else {
        let velocity_at_6 = velocity_at(p - vec2i(0i, 1i));
        bottom = velocity_at_6.y;
    }
    var top: f32;
    if p.y == grid.size.y - 1i {
        let velocity_at_7 = velocity_at(p);
        top = -velocity_at_7.y;
    } else {
        let velocity_at_8 = velocity_at(p + vec2i(0i, 1i));
        top = velocity_at_8.y;
    }
    let index_of_1 = index_of(p);
    divergence[min(index_of_1, arrayLength(&divergence) - 1u)] = 0.5f * (right - left + top - bottom);
    let index_of_2 = index_of(p);
    pressure_a[min(index_of_2, arrayLength(&pressure_a) - 1u)] = 0.0f;
}

@compute @workgroup_size(8, 8, 1)
fn jacobi(@builtin(global_invocation_id) id: vec3u) {
    let in_grid_1 = in_grid(id);
    if !in_grid_1 {
        return;
    }
    let p = vec2i(id.xy);
    let from_a = step_info.read_a != 0u;
    let pressure_at_1 = pressure_at(p - vec2i(1i, 0i), from_a);
    let pressure_at_2 = pressure_at(p + vec2i(1i, 0i), from_a);
    let pressure_at_3 = pressure_at(p - vec2i(0i, 1i), from_a);
    let pressure_at_4 = pressure_at(p + vec2i(0i, 1i), from_a);
    let sum = pressure_at_1 + pressure_at_2 + pressure_at_3 + pressure_at_4;
    let index_of_1 = index_of(p);
    let t = divergence[min(index_of_1, arrayLength(&divergence) - 1u)];
    let result = (sum - t) * 0.25f;
    if from_a {
        let index_of_2 = index_of(p);
        pressure_b[min(index_of_2, arrayLength(&pressure_b) - 1u)] = result;
    } else {
        let index_of_3 = index_of(p);
        pressure_a[min(index_of_3, arrayLength(&pressure_a) - 1u)] = result;
    }
}

@compute @workgroup_size(8, 8, 1)
fn subtract_gradient(@builtin(global_invocation_id) id: vec3u) {
    let in_grid_1 = in_grid(id);
    if !in_grid_1 {
        return;
    }
    let p = vec2i(id.xy);
    let index_of_1 = index_of(p - vec2i(1i, 0i));
    let left = pressure_a[min(index_of_1, arrayLength(&pressure_a) - 1u)];
    let index_of_2 = index_of(p + vec2i(1i, 0i));
    let right = pressure_a[min(index_of_2, arrayLength(&pressure_a) - 1u)];
    let index_of_3 = index_of(p - vec2i(0i, 1i));
    let bottom = pressure_a[min(index_of_3, arrayLength(&pressure_a) - 1u)];
    let index_of_4 = index_of(p + vec2i(0i, 1i));
    let top = pressure_a[min(index_of_4, arrayLength(&pressure_a) - 1u)];
    let index_of_5 = index_of(p);
    let t = velocity[min(index_of_5, arrayLength(&velocity) - 1u)];
    velocity[min(index_of_5, arrayLength(&velocity) - 1u)] = t - vec2f(right - left, top - bottom) * 0.5f;
}
