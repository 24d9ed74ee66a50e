@group(0) @binding(0) var<storage, read> inp: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    let v1 = inp[min(19u, arrayLength(&inp) - 1u)];
    let count = vec4u(v1, v1, v1, 82017u);
    let v5 = vec4u(7321434u, v1, 1u, 17u) >> (count & vec4u(31u));
    out[min(108u, arrayLength(&out) - 1u)] = v5.w;
    out[min(108u, arrayLength(&out) - 1u)] = (vec2u(v1, v1) << (vec2u(40u) & vec2u(31u))).y;
}
