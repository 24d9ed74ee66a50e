enable f16;

struct mat2x2h_std140 {
    @size(16) c0: vec2h,
    @size(16) c1: vec2h,
}

struct f16_std140_element {
    @size(16) value: f16,
}

struct Halves_std140 {
    h: f16,
    v: vec3h,
    m: mat2x2h_std140,
    arr: array<f16_std140_element, 2>,
}

struct Out {
    sum: vec4h,
    bits: u32,
}

@group(0) @binding(0) var<uniform> halves: Halves_std140;
@group(0) @binding(1) var<storage, read_write> out: Out;

// GLSL-style `mod`: x - y * floor(x / y).
fn luma_mod_f16(x: f16, y: f16) -> f16 {
    return x - y * floor(x / y);
}

fn luma_f32_from_bits(bits: u32) -> f32 {
    return bitcast<f32>(bits);
}

@compute @workgroup_size(1, 1, 1)
fn main(@builtin(local_invocation_index) id: u32) {
    let h = halves.h;
    let v = halves.v;
    let m = mat2x2h(halves.m.c0, halves.m.c1);
    let a = halves.arr[min(id, 1u)].value;
    let t = f32(min(luma_mod_f16(h * 0.5h, a), f16(luma_f32_from_bits(0x7f800000u))));
    let t_1 = f16(t * t);
    let t_2 = m[1] + vec2h(t_1);
    out.sum = vec4h(t_2, v.z, t_1);
    out.bits = pack2x16float(vec2f(t_2));
}
