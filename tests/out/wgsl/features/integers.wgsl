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
    out_ints[0u] = a + b;
    out_ints[1u] = a - b;
    out_ints[2u] = a * b;
    out_ints[3u] = a / b;
    out_ints[4u] = a % b;
    out_ints[5u] = -a;
    out_ints[6u] = a + 1i - 1i;
    out_ints[7u] = 2147483647i + a;
    out_ints[8u] = i32(-2147483648) + b;
    out_ints[9u] = a & b;
    out_ints[10u] = a | b;
    out_ints[11u] = a ^ b;
    out_ints[12u] = ~a;
    out_ints[13u] = a << bitcast<u32>(inputs.shift);
    out_ints[14u] = a >> inputs.ushift;
    out_ints[15u] = a << 3u;
    out_ints[16u] = (a & 255i) | ((b << 8u) ^ 23130i);
    out_ints[17u] = abs(a);
    out_ints[18u] = sign(b);
    out_ints[19u] = min(a, b);
    out_ints[20u] = max(a, 7i);
    out_ints[21u] = clamp(a, -10i, 10i);
    out_ints[22u] = countOneBits(a);
    out_ints[23u] = reverseBits(b);
    out_ints[24u] = firstLeadingBit(a);
    out_ints[25u] = firstTrailingBit(b);
    out_ints[26u] = i32(inputs.f);
    out_ints[27u] = i32(c);
    out_ints[28u] = bitcast<i32>(inputs.f);
    out_ints[29u] = i32(a > b);
    out_ints[30u] = i32(a == b) + i32(a != b) * 2i + i32(a <= b) * 4i + i32(a >= b) * 8i + i32(a < b) * 16i;
    out_ints[31u] = select(-1i, 1i, a < b);
    out_uints[0u] = c + d;
    out_uints[1u] = c - d;
    out_uints[2u] = c * d;
    out_uints[3u] = c / d;
    out_uints[4u] = c % d;
    out_uints[5u] = c & d;
    out_uints[6u] = c | d;
    out_uints[7u] = c ^ d;
    out_uints[8u] = ~c;
    out_uints[9u] = c << 3u;
    out_uints[10u] = c >> bitcast<u32>(inputs.shift);
    out_uints[11u] = c >> inputs.ushift;
    out_uints[12u] = min(c, d);
    out_uints[13u] = max(c, 100u);
    out_uints[14u] = clamp(c, 1u, 255u);
    out_uints[15u] = countOneBits(c);
    out_uints[16u] = reverseBits(d);
    out_uints[17u] = firstLeadingBit(c);
    out_uints[18u] = firstTrailingBit(d);
    out_uints[19u] = 4294967295u;
    out_uints[20u] = 4294967295u - c;
    out_uints[21u] = u32(a);
    out_uints[22u] = u32(inputs.f);
    out_uints[23u] = bitcast<u32>(inputs.f);
    out_uints[24u] = bitcast<u32>(a);
    out_uints[25u] = u32(inputs.flag != 0u);
    out_uints[26u] = u32(bool(inputs.flag));
    let v = inputs.va * inputs.vb + inputs.va / inputs.vb - inputs.va % inputs.vb;
    let v_1 = (v & vec4i(255i)) | (inputs.vb << vec4u(2u));
    let v_2 = v_1 ^ ~inputs.va;
    let v_3 = v_2 >> vec4u(1u, 2u, 3u, 4u);
    let v_4 = v_3 << vec4u(0u, 1u, 2u, 3u);
    let v_5 = -v_4 + abs(inputs.vb) + sign(inputs.va) + min(inputs.va, inputs.vb) + max(inputs.va, vec4i(0i));
    let v_6 = clamp(v_5, vec4i(-100i), vec4i(100i));
    let v_7 = v_6 + (countOneBits(inputs.va) + reverseBits(inputs.vb));
    let v_8 = v_7 % vec4i(7i);
    out_ivecs[0u] = v_8;
    out_ivecs[1u] = vec4i(i32(inputs.f)) + vec4i(vec4u(inputs.vc, 1u)) + bitcast<vec4i>(vec4f(inputs.f));
    out_ivecs[2u] = firstLeadingBit(v_8) + firstTrailingBit(inputs.va);
    let w = inputs.vc * inputs.vd + inputs.vc / inputs.vd + inputs.vc % inputs.vd;
    let w_1 = w - vec3u(1u);
    let w_2 = (w_1 & vec3u(240u)) | (inputs.vd >> vec3u(4u));
    let w_3 = w_2 ^ ~inputs.vc;
    let w_4 = w_3 << vec3u(1u);
    let w_5 = min(w_4, inputs.vd) + max(w_4, vec3u(3u)) + clamp(w_4, vec3u(0u), vec3u(1000u));
    out_uvecs[0u] = vec4u(w_5, countOneBits(inputs.c));
    out_uvecs[1u] = vec4u(inputs.va) + bitcast<vec4u>(inputs.va) + vec4u(bitcast<vec3u>(vec3f(inputs.f)), 0u);
    out_uvecs[2u] = vec4u(vec4<bool>(true, false, inputs.c > 0u, inputs.d == 0u));
}
