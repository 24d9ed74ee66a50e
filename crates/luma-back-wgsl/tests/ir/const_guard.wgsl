@group(0) @binding(0) var<storage, read_write> ints: array<i32>;
@group(0) @binding(1) var<storage, read_write> floats: array<f32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    let t = 2147483647i;
    let wrap = t + 1i;
    let by_zero = 1i / 1i;
    let rem_zero = 1i % 1i;
    let t_1 = 1073741824i;
    let shifted = t_1 << 4u;
    let t_2 = i32(-2147483648);
    let negated = -t_2;
    let t_3 = 3e38f;
    let overflow = t_3 * 3e38f;
    let t_4 = -1.0f;
    let domain = sqrt(t_4);
    let t_5 = 1e20f;
    let converted = i32(t_5);
    let safe = 6i / 3i;
    ints[min(0u, arrayLength(&ints) - 1u)] = wrap + by_zero + rem_zero + shifted + negated + converted + safe;
    floats[min(0u, arrayLength(&floats) - 1u)] = overflow + domain;
}
