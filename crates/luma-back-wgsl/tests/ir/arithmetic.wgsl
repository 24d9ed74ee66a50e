@group(0) @binding(0) var<storage, read_write> out_i: array<i32>;
@group(0) @binding(1) var<storage, read_write> out_f: array<f32>;

// GLSL-style `mod`: x - y * floor(x / y).
fn luma_mod_f32(x: f32, y: f32) -> f32 {
    return x - y * floor(x / y);
}

// GLSL-style `mod`: x - y * floor(x / y).
fn luma_mod_vec3f(x: vec3f, y: vec3f) -> vec3f {
    return x - y * floor(x / y);
}

fn ints(a: i32, b: i32, ua: u32, ub: u32, va: vec2i, vb: vec2i) -> i32 {
    let q = a / b;
    let r = a % b;
    let uq = ua / ub;
    let ur = ua % ub;
    let vq = va / vb;
    let vr = va % vb;
    let by_const = a / 3i;
    let by_minus_one = a / -1i;
    let vby_const = va % vec2i(3i);
    let shl = a << ub;
    let shr = a >> ub;
    let ushr = ua >> ub;
    let shl_const = a << 5u;
    let shl_big = a << 8u;
    let neg = -a;
    let not = ~a;
    let t = vq + vr + vby_const;
    let t_1 = t[b] + select(t, vec2i(((((q & r) | by_const) ^ by_minus_one) + shl - shr) * shl_const + shl_big + neg + not + bitcast<i32>(uq + ur + ushr)), vec2i(0i, 1i) == vec2i(a)).y;
    return t_1;
}

fn floats(x: f32, y: f32, v: vec3f, m: mat2x2f, n: mat2x2f) -> f32 {
    let frem = x % y;
    let fmod = luma_mod_f32(x, y);
    let vmod = luma_mod_vec3f(v, v);
    let t = m[1];
    let t_1 = n[0];
    let t_2 = frem + fmod + f32(!(!(x == y) && x == (-(t + t_1) / t * t_1).x)) + f32(i32(bool(x))) + f32(u32(x)) + vmod.z;
    return -t_2;
}

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let t = id.x;
    let t_1 = bitcast<i32>(t);
    let t_2 = vec2i(t_1);
    let ints_1 = ints(t_1, t_1, t, t, t_2, t_2);
    out_i[min(t, arrayLength(&out_i) - 1u)] = ints_1;
    let t_3 = f32(t_1);
    let t_4 = vec2f(t_3);
    let t_5 = mat2x2f(t_4, t_4);
    let floats_1 = floats(t_3, t_3, vec3f(t_3), t_5, t_5);
    out_f[min(t, arrayLength(&out_f) - 1u)] = floats_1;
}
