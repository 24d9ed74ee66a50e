@group(0) @binding(0) var<storage, read> ints: array<vec3i>;
@group(0) @binding(1) var<storage, read> uints: array<vec2u>;
@group(0) @binding(2) var<storage, read_write> out_int: array<vec4i>;
@group(0) @binding(3) var<storage, read_write> out_uint: array<vec4u>;

@compute @workgroup_size(1, 1, 1)
fn count_zeros(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x;
    let v = ints[min(i, arrayLength(&ints) - 1u)];
    let u = uints[min(i, arrayLength(&uints) - 1u)];
    out_int[min(i, arrayLength(&out_int) - 1u)] = vec4i(countLeadingZeros(v), countTrailingZeros(v.x));
    out_int[min(i + 1u, arrayLength(&out_int) - 1u)] = vec4i(countTrailingZeros(v), 0i);
    out_uint[min(i, arrayLength(&out_uint) - 1u)] = vec4u(countLeadingZeros(u), countTrailingZeros(u));
    out_uint[min(i + 1u, arrayLength(&out_uint) - 1u)] = vec4u(countLeadingZeros(u.x), countTrailingZeros(u.y), 32u, 31u);
}
