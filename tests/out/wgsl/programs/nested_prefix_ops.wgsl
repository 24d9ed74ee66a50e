@group(0) @binding(0) var<storage, read_write> floats: array<f32>;
@group(0) @binding(1) var<storage, read_write> ints: array<i32>;
@group(0) @binding(2) var<storage, read_write> flags: array<u32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    let f = floats[0u];
    let i = ints[0u];
    let t = flags[0u];
    let b = t != 0u;
    floats[1u] = -(-f);
    floats[2u] = -(-(-f));
    floats[3u] = 1.5f * f;
    ints[1u] = -(-i);
    ints[2u] = ~(~i);
    ints[3u] = -(~i);
    ints[4u] = ~(-i);
    flags[1u] = select(0u, 1u, !(!b));
}
