struct Limits {
    low: u32,
    @size(12) high: u32,
}

@group(0) @binding(0) var<uniform> limits: Limits;
@group(0) @binding(1) var<storage, read> data: array<f32>;
@group(0) @binding(2) var<storage, read_write> flags: array<u32>;

fn both(a: bool, b: bool) -> u32 {
    if a && !b {
        return 1u;
    }
    return 0u;
}

@compute @workgroup_size(64, 1, 1)
fn classify(@builtin(global_invocation_id) id: vec3u) {
    let x = data[min(id.x, arrayLength(&data) - 1u)];
    let y = data[min(id.x + 1u, arrayLength(&data) - 1u)];
    let n = flags[min(id.x, arrayLength(&flags) - 1u)];
    let pair = vec2<bool>((x) < y, y > x);
    let shifted = (n) < n >> limits.low;
    let member = (limits.low) < limits.high >> 1u;
    let v = vec4u(n, limits.low, limits.high, 7u);
    let indexed = (v.y) < v[n & 3u] >> min(v.x, 3u);
    let both_1 = both((x) < y, y > 2.0f);
    let both_2 = both(pair.x, pair.y);
    let packed = both_1 + both_2;
    let counted = select(0u, 2u, shifted) + select(0u, 4u, member) + select(0u, 8u, indexed);
    flags[min(id.x, arrayLength(&flags) - 1u)] = packed + counted;
}
