@group(4000000000u) @binding(2147483648u) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    data[min(0u, arrayLength(&data) - 1u)] = 1.0f;
}
