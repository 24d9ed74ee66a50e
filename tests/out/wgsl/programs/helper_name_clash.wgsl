@group(0) @binding(0) var<storage, read_write> o: array<i32>;
@group(0) @binding(1) var<storage, read_write> f: array<f32>;

// GLSL-style `mod`: x - y * floor(x / y).
fn luma_mod_f32(x: f32, y: f32) -> f32 {
    return x - y * floor(x / y);
}

// GLSL-style `mod`: x - y * floor(x / y).
fn luma_mod_vec3f(x: vec3f, y: vec3f) -> vec3f {
    return x - y * floor(x / y);
}

// Inverse of a square matrix.
fn luma_inverse_mat2x2f(m: mat2x2f) -> mat2x2f {
    let det = m[0][0] * m[1][1] - m[1][0] * m[0][1];
    return mat2x2f(m[1][1], -m[0][1], -m[1][0], m[0][0]) * (1.0 / det);
}

fn luma_div(x: i32, y: i32) -> i32 {
    return x + y;
}

fn luma_mod_vec3f_1(v: vec3f) -> vec3f {
    return v * 2.0f;
}

fn luma_f32_from_bits_1(u: u32) -> f32 {
    return f32(u);
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    let a = o[min(1u, arrayLength(&o) - 1u)];
    let b = o[min(2u, arrayLength(&o) - 1u)];
    let luma_div_1 = luma_div(a, b);
    o[min(0u, arrayLength(&o) - 1u)] = luma_div_1 + a / b + a % b;
    let t = f[min(0u, arrayLength(&f) - 1u)];
    let v = vec3f(t);
    let t_1 = f[min(2u, arrayLength(&f) - 1u)];
    let luma_mod_vec3f_2 = luma_mod_vec3f_1(v);
    let luma_f32_from_bits_2 = luma_f32_from_bits_1(3u);
    f[min(1u, arrayLength(&f) - 1u)] = luma_mod_vec3f(v, vec3f(t_1)).x + luma_mod_vec3f_2.y + luma_f32_from_bits_2;
}

@compute @workgroup_size(1, 1, 1)
fn locals() {
    let luma_mod_f32_2 = o[min(3u, arrayLength(&o) - 1u)];
    let t = o[min(4u, arrayLength(&o) - 1u)];
    let luma_f32_from_bits_2 = f32(t);
    let luma_inverse_mat2x2f_1 = mat2x2f(vec2f(luma_f32_from_bits_2, 0.0f), vec2f(0.0f, luma_f32_from_bits_2));
    let y = luma_mod_f32(luma_f32_from_bits_2, 2.5f) + luma_inverse_mat2x2f(luma_inverse_mat2x2f_1)[0].x;
    o[min(5u, arrayLength(&o) - 1u)] = i32(y) + luma_mod_f32_2;
}

@compute @workgroup_size(1, 1, 1)
fn luma_mod_f32_1() {
    let t = f[min(3u, arrayLength(&f) - 1u)];
    let t_1 = f[min(4u, arrayLength(&f) - 1u)];
    f[min(2u, arrayLength(&f) - 1u)] = luma_mod_f32(t, t_1);
}
