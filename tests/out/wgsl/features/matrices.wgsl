struct mat2x2f_std140 {
    @size(16) c0: vec2f,
    @size(16) c1: vec2f,
}

struct mat3x2f_std140 {
    @size(16) c0: vec2f,
    @size(16) c1: vec2f,
    @size(16) c2: vec2f,
}

struct mat4x2f_std140 {
    @size(16) c0: vec2f,
    @size(16) c1: vec2f,
    @size(16) c2: vec2f,
    @size(16) c3: vec2f,
}

struct Matrices_std140 {
    m2: mat2x2f_std140,
    m3: mat3x3f,
    m4: mat4x4f,
    m2x3: mat2x3f,
    m2x4: mat2x4f,
    m3x2: mat3x2f_std140,
    m3x4: mat3x4f,
    m4x2: mat4x2f_std140,
    m4x3: mat4x3f,
    m2x2: mat2x2f_std140,
    m3x3: mat3x3f,
    m4x4: mat4x4f,
    v2: vec2f,
    v3: vec3f,
    v4: vec4f,
    s: f32,
}

@group(0) @binding(0) var<uniform> mats: Matrices_std140;
@group(0) @binding(1) var<storage, read_write> results: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> matrix_out: array<mat4x4f>;

// Inverse of a square matrix.
fn luma_inverse_mat2x2f(m: mat2x2f) -> mat2x2f {
    let det = m[0][0] * m[1][1] - m[1][0] * m[0][1];
    return mat2x2f(m[1][1], -m[0][1], -m[1][0], m[0][0]) * (1.0 / det);
}

// Inverse of a square matrix.
fn luma_inverse_mat3x3f(m: mat3x3f) -> mat3x3f {
    let r0 = cross(m[1], m[2]);
    let r1 = cross(m[2], m[0]);
    let r2 = cross(m[0], m[1]);
    let det = dot(m[0], r0);
    return transpose(mat3x3f(r0, r1, r2)) * (1.0 / det);
}

// Inverse of a square matrix.
fn luma_inverse_mat4x4f(m: mat4x4f) -> mat4x4f {
    let c00 = m[2][2] * m[3][3] - m[3][2] * m[2][3];
    let c02 = m[1][2] * m[3][3] - m[3][2] * m[1][3];
    let c03 = m[1][2] * m[2][3] - m[2][2] * m[1][3];
    let c04 = m[2][1] * m[3][3] - m[3][1] * m[2][3];
    let c06 = m[1][1] * m[3][3] - m[3][1] * m[1][3];
    let c07 = m[1][1] * m[2][3] - m[2][1] * m[1][3];
    let c08 = m[2][1] * m[3][2] - m[3][1] * m[2][2];
    let c10 = m[1][1] * m[3][2] - m[3][1] * m[1][2];
    let c11 = m[1][1] * m[2][2] - m[2][1] * m[1][2];
    let c12 = m[2][0] * m[3][3] - m[3][0] * m[2][3];
    let c14 = m[1][0] * m[3][3] - m[3][0] * m[1][3];
    let c15 = m[1][0] * m[2][3] - m[2][0] * m[1][3];
    let c16 = m[2][0] * m[3][2] - m[3][0] * m[2][2];
    let c18 = m[1][0] * m[3][2] - m[3][0] * m[1][2];
    let c19 = m[1][0] * m[2][2] - m[2][0] * m[1][2];
    let c20 = m[2][0] * m[3][1] - m[3][0] * m[2][1];
    let c22 = m[1][0] * m[3][1] - m[3][0] * m[1][1];
    let c23 = m[1][0] * m[2][1] - m[2][0] * m[1][1];
    let f0 = vec4f(c00, c00, c02, c03);
    let f1 = vec4f(c04, c04, c06, c07);
    let f2 = vec4f(c08, c08, c10, c11);
    let f3 = vec4f(c12, c12, c14, c15);
    let f4 = vec4f(c16, c16, c18, c19);
    let f5 = vec4f(c20, c20, c22, c23);
    let v0 = vec4f(m[1][0], m[0][0], m[0][0], m[0][0]);
    let v1 = vec4f(m[1][1], m[0][1], m[0][1], m[0][1]);
    let v2 = vec4f(m[1][2], m[0][2], m[0][2], m[0][2]);
    let v3 = vec4f(m[1][3], m[0][3], m[0][3], m[0][3]);
    let sign_a = vec4f(1.0, -1.0, 1.0, -1.0);
    let sign_b = vec4f(-1.0, 1.0, -1.0, 1.0);
    let inv = mat4x4f(
        (v1 * f0 - v2 * f1 + v3 * f2) * sign_a,
        (v0 * f0 - v2 * f3 + v3 * f4) * sign_b,
        (v0 * f1 - v1 * f3 + v3 * f5) * sign_a,
        (v0 * f2 - v1 * f4 + v2 * f5) * sign_b,
    );
    let d = m[0] * vec4f(inv[0][0], inv[1][0], inv[2][0], inv[3][0]);
    return inv * (1.0 / ((d.x + d.y) + (d.z + d.w)));
}

@compute @workgroup_size(1, 1, 1)
fn matrices() {
    let m4 = mats.m4;
    let t = m4[0];
    let t_1 = t.xyz;
    let t_2 = m4[1];
    let h = mats.m4x3;
    let p0 = mats.m4 * mats.v4;
    let p1 = mats.v4 * mats.m4;
    let p2 = mats.m2x3 * mats.v2;
    let p3 = mats.v3 * mats.m2x3;
    let p4 = mat3x2f(mats.m3x2.c0, mats.m3x2.c1, mats.m3x2.c2) * mats.m2x3;
    let p5 = mats.m2x3 * mat3x2f(mats.m3x2.c0, mats.m3x2.c1, mats.m3x2.c2);
    let p6 = mat4x2f(mats.m4x2.c0, mats.m4x2.c1, mats.m4x2.c2, mats.m4x2.c3) * mats.m3x4;
    let p7 = mats.m3x4 * mats.m4x3;
    let p8 = mat4x2f(mats.m4x2.c0, mats.m4x2.c1, mats.m4x2.c2, mats.m4x2.c3) * mats.m2x4 * mat2x2f(vec2f(1.0f, 2.0f), vec2f(3.0f, 4.0f));
    let p9 = mats.m4x3 * mats.v4 + mats.m3 * mats.v3 + mats.m2x3 * mats.v2;
    let p10 = mats.v2 * mat3x2f(mats.m3x2.c0, mats.m3x2.c1, mats.m3x2.c2) + mats.v4 * mats.m3x4;
    let m3 = mats.m3;
    let m = mats.m4;
    let col = m[1];
    let elem = m[2].w;
    var m_1: mat4x4f = m;
    m_1[0] = vec4f(1.0f, 2.0f, 3.0f, 4.0f);
    var t_3: vec4f = m_1[3];
    t_3.y = elem;
    var m_2: mat4x4f = m_1;
    m_2[3] = t_3;
    var m_3: mat4x4f = m_2;
    m_3[2] = vec4f(col.zw, m_2[2].zw);
    let m_4 = m_3 * mats.m4x4;
    let t_4 = transpose(mats.m3x4);
    let t2 = transpose(mats.m2x3);
    let inv2 = luma_inverse_mat2x2f(mat2x2f(mats.m2.c0, mats.m2.c1));
    let inv3 = luma_inverse_mat3x3f(mats.m3x3);
    let inv4 = luma_inverse_mat4x4f(m_4);
    let t_5 = mat2x2f(vec2f(1.0f, 2.0f), vec2f(3.0f, 4.0f));
    let dets = vec4f(determinant(mat2x2f(mats.m2x2.c0, mats.m2x2.c1)), determinant(mats.m3), determinant(inv4), determinant(t_5));
    results[min(0u, arrayLength(&results) - 1u)] = p0 + p1 + vec4f(p2, 1.0f) + vec4f(p3, p3);
    results[min(1u, arrayLength(&results) - 1u)] = vec4f(p4[0], p4[1]) + vec4f(p5[2], 0.0f) + vec4f(p6[0], p6[2]) + p7[3];
    results[min(2u, arrayLength(&results) - 1u)] = vec4f(p8[0], p8[1]) + vec4f(p9, 0.0f) + vec4f(p10, 0.0f);
    results[min(3u, arrayLength(&results) - 1u)] = vec4f(m3[0] + t_1 - vec3f(1.0f, 0.0f, 0.0f), (m3[1] + t_2.xyz - vec3f(0.0f, 1.0f, 0.0f)).z) + ((mats.m4 * mats.s)[3] + vec4f(0.0f, 0.0f, 0.0f, 4.0f)) + (mats.m2x4[1] - (mats.m2x4 * 0.5f)[1]) + col;
    let t_6 = inv3[1];
    results[min(4u, arrayLength(&results) - 1u)] = vec4f(t_4[0], t2[1].x) + vec4f(inv2[0], t_6.xy) + dets;
    results[min(5u, arrayLength(&results) - 1u)] = vec4f(2.0f, 2.0f, 2.0f, 5.0f) + vec4f(h[3], vec4f(mats.m3[2], 0.0f).z) + vec4f(t_1, 4.0f);
    matrix_out[min(0u, arrayLength(&matrix_out) - 1u)] = m_4;
    matrix_out[min(1u, arrayLength(&matrix_out) - 1u)] = inv4 * transpose(inv4);
}
