@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    let t = input[min(0u, arrayLength(&input) - 1u)];
    let i = i32(t & 1u);
    if vec2<bool>(true, false)[i] {
        output[min(0u, arrayLength(&output) - 1u)] = 1u;
    }
    let t_1 = input[min(1u, arrayLength(&input) - 1u)];
    output[min(1u, arrayLength(&output) - 1u)] = select(3u, 2u, vec3<bool>(true, false, true)[i32(t_1 % 3u)]);
    output[min(2u, arrayLength(&output) - 1u)] = select(5u, 4u, vec2<bool>(true, false)[i]);
}
