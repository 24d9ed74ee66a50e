@group(0) @binding(0) var<storage, read> ints: array<i32>;
@group(0) @binding(1) var<storage, read> uints: array<u32>;
@group(0) @binding(2) var<storage, read> fields: array<u32>;
@group(0) @binding(3) var<storage, read_write> out_int: array<vec3i>;
@group(0) @binding(4) var<storage, read_write> out_uint: array<vec4u>;

@compute @workgroup_size(1, 1, 1)
fn bit_fields(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x;
    let v = ints[min(i, arrayLength(&ints) - 1u)];
    let u = uints[min(i, arrayLength(&uints) - 1u)];
    let o = fields[min(2u * i, arrayLength(&fields) - 1u)];
    let c = fields[min(2u * i + 1u, arrayLength(&fields) - 1u)];
    out_int[min(i, arrayLength(&out_int) - 1u)] = vec3i(extractBits(v, 4u, 8u), extractBits(v, 30u, 2u), extractBits(v, o, c));
    let t = uints[min(i + 1u, arrayLength(&uints) - 1u)];
    out_uint[min(i, arrayLength(&out_uint) - 1u)] = vec4u(extractBits(u, 0u, 32u), insertBits(u, 255u, 28u, 4u), insertBits(u, t, o, c), extractBits(vec2u(u, ~u), o, c).y);
    let w = insertBits(vec2i(v, -v), vec2i(-1i), o, 3u);
    out_int[min(i + 16u, arrayLength(&out_int) - 1u)] = vec3i(w, insertBits(v, 5i, 32u, 0u));
}
