@group(0) @binding(0) var<storage, read_write> ints: array<i32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    let x = ints[min(0u, arrayLength(&ints) - 1u)];
    ints[min(1u, arrayLength(&ints) - 1u)] = x << 31u;
    ints[min(2u, arrayLength(&ints) - 1u)] = x >> 31u;
}
