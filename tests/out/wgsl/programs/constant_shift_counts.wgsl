@group(0) @binding(0) var<storage, read_write> ints: array<i32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    let x = ints[0u];
    ints[1u] = x << 31u;
    ints[2u] = x >> 31u;
}
