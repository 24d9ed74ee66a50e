struct Transform {
    model: mat4x4f,
    normal: mat3x3f,
    scale: vec3f,
    id: u32,
}

struct Instances {
    count: u32,
    flags: u32,
    transforms: array<Transform>,
}

struct Stats {
    touched: u32,
    max_scale: f32,
    sums: array<vec4f, 4>,
}

@group(0) @binding(0) var<storage, read> instances: Instances;
@group(0) @binding(1) var<storage, read> weights: array<f32>;
@group(0) @binding(2) var<storage, read_write> scratch: array<vec4f>;
@group(0) @binding(3) var<storage, read_write> stats: Stats;
@group(0) @binding(4) var<storage, read_write> positions: array<vec4f>;

fn store_position(index: u32, p: vec4f) {
    positions[min(index, arrayLength(&positions) - 1u)] = p;
}

@compute @workgroup_size(32, 1, 1)
fn process(@builtin(global_invocation_id) gid: vec3u) {
    let i = gid.x;
    let count = instances.count;
    let t = arrayLength(&instances.transforms);
    let n = min(count, u32(i32(t)));
    if i >= n {
        return;
    }
    let t_1 = instances.transforms[min(i, arrayLength(&instances.transforms) - 1u)];
    let t_2 = arrayLength(&weights);
    let w = weights[min(i % u32(i32(t_2)), arrayLength(&weights) - 1u)];
    let t_3 = arrayLength(&scratch);
    let t_4 = scratch[min(i % u32(i32(t_3)), arrayLength(&scratch) - 1u)];
    let p = t_1.model * vec4f(t_1.scale * w, 1.0f) + t_4;
    store_position(i, p + vec4f(t_1.normal * t_1.scale, 0.0f));
    stats.touched = i;
    let max_scale = stats.max_scale;
    stats.max_scale = max(max_scale, max(t_1.scale.x, max(t_1.scale.y, t_1.scale.z)));
    let t_5 = stats.sums[min(t_1.id & 3u, 3u)];
    stats.sums[min(t_1.id & 3u, 3u)] = t_5 + p;
    let t_6 = arrayLength(&positions);
    stats.sums[0u].w = f32(i32(t_6));
}
