@group(0) @binding(0) var<storage, read_write> floats: array<f32>;
@group(0) @binding(1) var<storage, read_write> ints: array<i32>;
@group(0) @binding(2) var<storage, read_write> flags: array<u32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    let f = floats[min(0u, arrayLength(&floats) - 1u)];
    let i = ints[min(0u, arrayLength(&ints) - 1u)];
    let t = flags[min(0u, arrayLength(&flags) - 1u)];
    let b = t != 0u;
    floats[min(1u, arrayLength(&floats) - 1u)] = -(-f);
    floats[min(2u, arrayLength(&floats) - 1u)] = -(-(-f));
    floats[min(3u, arrayLength(&floats) - 1u)] = 1.5f * f;
    ints[min(1u, arrayLength(&ints) - 1u)] = -(-i);
    ints[min(2u, arrayLength(&ints) - 1u)] = ~(~i);
    ints[min(3u, arrayLength(&ints) - 1u)] = -(~i);
    ints[min(4u, arrayLength(&ints) - 1u)] = ~(-i);
    flags[min(1u, arrayLength(&flags) - 1u)] = select(0u, 1u, !(!b));
}
