struct Inputs {
    a: i32,
    b: i32,
    c: u32,
    d: u32,
    va: vec4i,
    vb: vec4i,
    vc: vec3u,
    vd: vec3u,
    f: f32,
    shift: i32,
    ushift: u32,
    flag: u32,
}

@group(0) @binding(0) var<uniform> inputs: Inputs;
@group(0) @binding(1) var<storage, read_write> out_ints: array<i32>;
@group(0) @binding(2) var<storage, read_write> out_uints: array<u32>;
@group(0) @binding(3) var<storage, read_write> out_ivecs: array<vec4i>;
@group(0) @binding(4) var<storage, read_write> out_uvecs: array<vec4u>;

@compute @workgroup_size(1, 1, 1)
fn integers() {
    let a = inputs.a;
    let b = inputs.b;
    let c = inputs.c;
    let d = inputs.d;
    out_ints[min(0u, arrayLength(&out_ints) - 1u)] = a + b;
    out_ints[min(1u, arrayLength(&out_ints) - 1u)] = a - b;
    out_ints[min(2u, arrayLength(&out_ints) - 1u)] = a * b;
    out_ints[min(3u, arrayLength(&out_ints) - 1u)] = a / b;
    out_ints[min(4u, arrayLength(&out_ints) - 1u)] = a % b;
    out_ints[min(5u, arrayLength(&out_ints) - 1u)] = -a;
    out_ints[min(6u, arrayLength(&out_ints) - 1u)] = a + 1i - 1i;
    out_ints[min(7u, arrayLength(&out_ints) - 1u)] = 2147483647i + a;
    out_ints[min(8u, arrayLength(&out_ints) - 1u)] = i32(-2147483648) + b;
    out_ints[min(9u, arrayLength(&out_ints) - 1u)] = a & b;
    out_ints[min(10u, arrayLength(&out_ints) - 1u)] = a | b;
    out_ints[min(11u, arrayLength(&out_ints) - 1u)] = a ^ b;
    out_ints[min(12u, arrayLength(&out_ints) - 1u)] = ~a;
    out_ints[min(13u, arrayLength(&out_ints) - 1u)] = a << bitcast<u32>(inputs.shift);
    out_ints[min(14u, arrayLength(&out_ints) - 1u)] = a >> inputs.ushift;
    out_ints[min(15u, arrayLength(&out_ints) - 1u)] = a << 3u;
    out_ints[min(16u, arrayLength(&out_ints) - 1u)] = (a & 255i) | ((b << 8u) ^ 23130i);
    out_ints[min(17u, arrayLength(&out_ints) - 1u)] = abs(a);
    out_ints[min(18u, arrayLength(&out_ints) - 1u)] = sign(b);
    out_ints[min(19u, arrayLength(&out_ints) - 1u)] = min(a, b);
    out_ints[min(20u, arrayLength(&out_ints) - 1u)] = max(a, 7i);
    out_ints[min(21u, arrayLength(&out_ints) - 1u)] = clamp(a, -10i, 10i);
    out_ints[min(22u, arrayLength(&out_ints) - 1u)] = countOneBits(a);
    out_ints[min(23u, arrayLength(&out_ints) - 1u)] = reverseBits(b);
    out_ints[min(24u, arrayLength(&out_ints) - 1u)] = firstLeadingBit(a);
    out_ints[min(25u, arrayLength(&out_ints) - 1u)] = firstTrailingBit(b);
    out_ints[min(26u, arrayLength(&out_ints) - 1u)] = i32(inputs.f);
    out_ints[min(27u, arrayLength(&out_ints) - 1u)] = i32(c);
    out_ints[min(28u, arrayLength(&out_ints) - 1u)] = bitcast<i32>(inputs.f);
    out_ints[min(29u, arrayLength(&out_ints) - 1u)] = i32(a > b);
    out_ints[min(30u, arrayLength(&out_ints) - 1u)] = i32(a == b) + i32(a != b) * 2i + i32(a <= b) * 4i + i32(a >= b) * 8i + i32(a < b) * 16i;
    out_ints[min(31u, arrayLength(&out_ints) - 1u)] = select(-1i, 1i, a < b);
    out_uints[min(0u, arrayLength(&out_uints) - 1u)] = c + d;
    out_uints[min(1u, arrayLength(&out_uints) - 1u)] = c - d;
    out_uints[min(2u, arrayLength(&out_uints) - 1u)] = c * d;
    out_uints[min(3u, arrayLength(&out_uints) - 1u)] = c / d;
    out_uints[min(4u, arrayLength(&out_uints) - 1u)] = c % d;
    out_uints[min(5u, arrayLength(&out_uints) - 1u)] = c & d;
    out_uints[min(6u, arrayLength(&out_uints) - 1u)] = c | d;
    out_uints[min(7u, arrayLength(&out_uints) - 1u)] = c ^ d;
    out_uints[min(8u, arrayLength(&out_uints) - 1u)] = ~c;
    out_uints[min(9u, arrayLength(&out_uints) - 1u)] = c << 3u;
    out_uints[min(10u, arrayLength(&out_uints) - 1u)] = c >> bitcast<u32>(inputs.shift);
    out_uints[min(11u, arrayLength(&out_uints) - 1u)] = c >> inputs.ushift;
    out_uints[min(12u, arrayLength(&out_uints) - 1u)] = min(c, d);
    out_uints[min(13u, arrayLength(&out_uints) - 1u)] = max(c, 100u);
    out_uints[min(14u, arrayLength(&out_uints) - 1u)] = clamp(c, 1u, 255u);
    out_uints[min(15u, arrayLength(&out_uints) - 1u)] = countOneBits(c);
    out_uints[min(16u, arrayLength(&out_uints) - 1u)] = reverseBits(d);
    out_uints[min(17u, arrayLength(&out_uints) - 1u)] = firstLeadingBit(c);
    out_uints[min(18u, arrayLength(&out_uints) - 1u)] = firstTrailingBit(d);
    out_uints[min(19u, arrayLength(&out_uints) - 1u)] = 4294967295u;
    out_uints[min(20u, arrayLength(&out_uints) - 1u)] = 4294967295u - c;
    out_uints[min(21u, arrayLength(&out_uints) - 1u)] = u32(a);
    out_uints[min(22u, arrayLength(&out_uints) - 1u)] = u32(inputs.f);
    out_uints[min(23u, arrayLength(&out_uints) - 1u)] = bitcast<u32>(inputs.f);
    out_uints[min(24u, arrayLength(&out_uints) - 1u)] = bitcast<u32>(a);
    out_uints[min(25u, arrayLength(&out_uints) - 1u)] = u32(inputs.flag != 0u);
    out_uints[min(26u, arrayLength(&out_uints) - 1u)] = u32(bool(inputs.flag));
    let v = inputs.va * inputs.vb + inputs.va / inputs.vb - inputs.va % inputs.vb;
    let v_1 = (v & vec4i(255i)) | (inputs.vb << vec4u(2u));
    let v_2 = v_1 ^ ~inputs.va;
    let v_3 = v_2 >> vec4u(1u, 2u, 3u, 4u);
    let v_4 = v_3 << vec4u(0u, 1u, 2u, 3u);
    let v_5 = -v_4 + abs(inputs.vb) + sign(inputs.va) + min(inputs.va, inputs.vb) + max(inputs.va, vec4i(0i));
    let v_6 = clamp(v_5, vec4i(-100i), vec4i(100i));
    let v_7 = v_6 + (countOneBits(inputs.va) + reverseBits(inputs.vb));
    let v_8 = v_7 % vec4i(7i);
    out_ivecs[min(0u, arrayLength(&out_ivecs) - 1u)] = v_8;
    out_ivecs[min(1u, arrayLength(&out_ivecs) - 1u)] = vec4i(i32(inputs.f)) + vec4i(vec4u(inputs.vc, 1u)) + bitcast<vec4i>(vec4f(inputs.f));
    out_ivecs[min(2u, arrayLength(&out_ivecs) - 1u)] = firstLeadingBit(v_8) + firstTrailingBit(inputs.va);
    let w = inputs.vc * inputs.vd + inputs.vc / inputs.vd + inputs.vc % inputs.vd;
    let w_1 = w - vec3u(1u);
    let w_2 = (w_1 & vec3u(240u)) | (inputs.vd >> vec3u(4u));
    let w_3 = w_2 ^ ~inputs.vc;
    let w_4 = w_3 << vec3u(1u);
    let w_5 = min(w_4, inputs.vd) + max(w_4, vec3u(3u)) + clamp(w_4, vec3u(0u), vec3u(1000u));
    out_uvecs[min(0u, arrayLength(&out_uvecs) - 1u)] = vec4u(w_5, countOneBits(inputs.c));
    out_uvecs[min(1u, arrayLength(&out_uvecs) - 1u)] = vec4u(inputs.va) + bitcast<vec4u>(inputs.va) + vec4u(bitcast<vec3u>(vec3f(inputs.f)), 0u);
    out_uvecs[min(2u, arrayLength(&out_uvecs) - 1u)] = vec4u(vec4<bool>(true, false, inputs.c > 0u, inputs.d == 0u));
}
