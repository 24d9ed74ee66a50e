struct WriteNormalsOutput {
    @location(0) normal_rough: vec2u,
    @location(1) compact: u32,
}

@group(0) @binding(0) var<storage, read> normals_in: array<vec4f>;
@group(0) @binding(1) var<storage, read_write> encoded: array<vec4u>;
@group(0) @binding(2) var<storage, read_write> decoded: array<vec4f>;
@group(0) @binding(3) var<storage, read_write> worst: atomic<u32>;

fn sign_not_zero(v: vec2f) -> vec2f {
    return vec2f(select(-1.0f, 1.0f, v.x >= 0.0f), select(-1.0f, 1.0f, v.y >= 0.0f));
}

fn oct_encode(n: vec3f) -> vec2f {
    let p = n.xy * (1.0f / (abs(n.x) + abs(n.y) + abs(n.z)));
    if n.z <= 0.0f {
        let sign_not_zero_1 = sign_not_zero(p);
        return (vec2f(1.0f) - abs(p.yx)) * sign_not_zero_1;
    }
    return p;
}

fn pack_oct_snorm16(n: vec3f) -> u32 {
    let oct_encode_1 = oct_encode(n);
    return pack2x16snorm(oct_encode_1);
}

fn oct_decode(e: vec2f) -> vec3f {
    let v = vec3f(e, 1.0f - abs(e.x) - abs(e.y));
    var v_1: vec3f = v;
    if v.z < 0.0f {
        let sign_not_zero_1 = sign_not_zero(v.xy);
        let t = (vec2f(1.0f) - abs(v.yx)) * sign_not_zero_1;
        v_1 = vec3f(t, v.z);
    }
    return normalize(v_1);
}

fn unpack_oct_snorm16(word: u32) -> vec3f {
    let oct_decode_1 = oct_decode(unpack2x16snorm(word));
    return oct_decode_1;
}

fn pack_oct_unorm8(n: vec3f) -> u32 {
    let oct_encode_1 = oct_encode(n);
    let e = oct_encode_1 * 0.5f + vec2f(0.5f);
    return pack4x8unorm(vec4f(e, 0.0f, 0.0f)) & 65535u;
}

fn unpack_oct_unorm8(word: u32) -> vec3f {
    let t = unpack4x8unorm(word);
    let e = t.xy * 2.0f - vec2f(1.0f);
    let oct_decode_1 = oct_decode(e);
    return oct_decode_1;
}

fn pack_oct_half(n: vec3f) -> u32 {
    let oct_encode_1 = oct_encode(n);
    return pack2x16float(oct_encode_1);
}

fn unpack_oct_half(word: u32) -> vec3f {
    let oct_decode_1 = oct_decode(unpack2x16float(word));
    return oct_decode_1;
}

fn angle_degrees(a: vec3f, b: vec3f) -> f32 {
    return degrees(acos(clamp(dot(a, b), -1.0f, 1.0f)));
}

@compute @workgroup_size(64, 1, 1)
fn round_trip(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x;
    let t = arrayLength(&normals_in);
    if i >= u32(i32(t)) {
        return;
    }
    let t_1 = normals_in[min(i, arrayLength(&normals_in) - 1u)];
    let n = normalize(t_1.xyz);
    let w16 = pack_oct_snorm16(n);
    let w8 = pack_oct_unorm8(n);
    let wh = pack_oct_half(n);
    encoded[min(i, arrayLength(&encoded) - 1u)] = vec4u(w16, w8, wh, 0u);
    let d16 = unpack_oct_snorm16(w16);
    let angle_degrees_1 = angle_degrees(n, d16);
    decoded[min(i, arrayLength(&decoded) - 1u)] = vec4f(d16, angle_degrees_1);
    let unpack_oct_unorm8_1 = unpack_oct_unorm8(w8);
    let angle_degrees_2 = angle_degrees(n, unpack_oct_unorm8_1);
    let unpack_oct_half_1 = unpack_oct_half(wh);
    let angle_degrees_3 = angle_degrees(n, unpack_oct_half_1);
    let err = max(angle_degrees_2, angle_degrees_3);
    atomicMax(&worst, bitcast<u32>(err));
}

@fragment
fn write_normals(@location(0) normal: vec3f, @location(1) roughness: f32, @location(2) metallic: f32) -> WriteNormalsOutput {
    let n = normalize(normal);
    let pack_oct_snorm16_1 = pack_oct_snorm16(n);
    let pack_oct_unorm8_1 = pack_oct_unorm8(n);
    return WriteNormalsOutput(vec2u(pack_oct_snorm16_1, pack2x16unorm(vec2f(roughness, metallic))), pack_oct_unorm8_1);
}
