enable f16;

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

struct f32_std140_element {
    @size(16) value: f32,
}

struct Inner {
    a: f32,
    v: vec3f,
}

struct vec2f_std140_element {
    @size(16) value: vec2f,
}

struct AllU {
    f: f32,
    v2: vec2f,
    v3: vec3f,
    u: u32,
    v4: vec4f,
    i: i32,
    iv3: vec3i,
    uv2: vec2u,
    m2: mat2x2f,
    f2: f32,
    m2x3: mat2x3f,
    m2x4: mat2x4f,
    m3x2: mat3x2f,
    m3: mat3x3f,
    m3x4: mat3x4f,
    m4x2: mat4x2f,
    m4x3: mat4x3f,
    m4: mat4x4f,
    f3: f32,
    arr_f: array<f32, 3>,
    arr_v3: array<vec3f, 2>,
    after_arr: f32,
    arr_m3: array<mat3x3f, 2>,
    arr_m2: array<mat2x2f, 2>,
    inner: Inner,
    after_inner: f32,
    inners: array<Inner, 2>,
    aa: array<array<vec2f, 2>, 2>,
    uv4: vec4u,
    last: vec3f,
}

struct AllU_std140 {
    f: f32,
    v2: vec2f,
    v3: vec3f,
    u: u32,
    v4: vec4f,
    i: i32,
    iv3: vec3i,
    @size(16) uv2: vec2u,
    m2: mat2x2f_std140,
    f2: f32,
    m2x3: mat2x3f,
    m2x4: mat2x4f,
    m3x2: mat3x2f_std140,
    m3: mat3x3f,
    m3x4: mat3x4f,
    m4x2: mat4x2f_std140,
    m4x3: mat4x3f,
    m4: mat4x4f,
    @size(16) f3: f32,
    arr_f: array<f32_std140_element, 3>,
    arr_v3: array<vec3f, 2>,
    after_arr: f32,
    arr_m3: array<mat3x3f, 2>,
    arr_m2: array<mat2x2f_std140, 2>,
    inner: Inner,
    after_inner: f32,
    inners: array<Inner, 2>,
    aa: array<array<vec2f_std140_element, 2>, 2>,
    uv4: vec4u,
    last: vec3f,
}

struct H {
    a: f16,
    v3: vec3h,
    b: f16,
    v2: vec2h,
    c: f16,
    f: f32,
    d: f16,
    v4: vec4h,
    m2: mat2x2h,
    m3: mat3x3h,
    m2x3: mat2x3h,
    m4x2: mat4x2h,
    e: f16,
    arr: array<f16, 3>,
    tail: f16,
    arr3: array<vec3h, 2>,
    z: f16,
}

@group(0) @binding(0) var<uniform> u: AllU_std140;
@group(0) @binding(1) var<storage, read> s: AllU;
@group(0) @binding(2) var<storage, read> hs: H;
@group(0) @binding(3) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    let acc = u.f + u.v2.y + u.v3.z + f32(u.u) + u.v4.w + f32(u.i) + f32(u.iv3.z) + f32(u.uv2.y);
    let acc_1 = acc + (u.m2.c1.y + u.f2 + u.m2x3[1u].z + u.m2x4[1u].w + u.m3x2.c2.y + u.m3[2u].z + u.m3x4[2u].w + u.m4x2.c3.y + u.m4x3[3u].z + u.m4[3u].w);
    let acc_2 = acc_1 + (u.f3 + u.arr_f[2u].value + u.arr_v3[1u].z + u.after_arr + u.arr_m3[1u][2u].z + u.arr_m2[1u].c1.y + u.inner.a + u.inner.v.z + u.after_inner);
    let acc_3 = acc_2 + (u.inners[1u].v.z + u.aa[1u][1u].value.y + f32(u.uv4.w) + u.last.z);
    let f = s.f;
    let t = s.v2.y;
    let t_1 = s.v3.z;
    let u_1 = s.u;
    let t_2 = s.v4.w;
    let i = s.i;
    let t_3 = s.iv3.z;
    let t_4 = s.uv2.y;
    let acc_4 = acc_3 + (f + t + t_1 + f32(u_1) + t_2 + f32(i) + f32(t_3) + f32(t_4));
    let t_5 = s.m2[1u].y;
    let f2 = s.f2;
    let t_6 = s.m2x3[1u].z;
    let t_7 = s.m2x4[1u].w;
    let t_8 = s.m3x2[2u].y;
    let t_9 = s.m3[2u].z;
    let t_10 = s.m3x4[2u].w;
    let t_11 = s.m4x2[3u].y;
    let t_12 = s.m4x3[3u].z;
    let t_13 = s.m4[3u].w;
    let acc_5 = acc_4 + (t_5 + f2 + t_6 + t_7 + t_8 + t_9 + t_10 + t_11 + t_12 + t_13);
    let f3 = s.f3;
    let t_14 = s.arr_f[2u];
    let t_15 = s.arr_v3[1u].z;
    let after_arr = s.after_arr;
    let t_16 = s.arr_m3[1u][2u].z;
    let t_17 = s.arr_m2[1u][1u].y;
    let a = s.inner.a;
    let t_18 = s.inner.v.z;
    let after_inner = s.after_inner;
    let acc_6 = acc_5 + (f3 + t_14 + t_15 + after_arr + t_16 + t_17 + a + t_18 + after_inner);
    let t_19 = s.inners[1u].v.z;
    let t_20 = s.aa[1u][1u].y;
    let t_21 = s.uv4.w;
    let t_22 = s.last.z;
    let acc_7 = acc_6 + (t_19 + t_20 + f32(t_21) + t_22);
    let a_1 = hs.a;
    let t_23 = hs.v3.z;
    let b = hs.b;
    let t_24 = hs.v2.y;
    let c = hs.c;
    let d = hs.d;
    let t_25 = hs.v4.w;
    let t_26 = hs.m2[1u].y;
    let t_27 = hs.m3[2u].z;
    let t_28 = hs.m2x3[1u].z;
    let t_29 = hs.m4x2[3u].y;
    let e = hs.e;
    let t_30 = hs.arr[2u];
    let tail = hs.tail;
    let t_31 = a_1 + t_23 + b + t_24 + c + d + t_25 + t_26 + t_27 + t_28 + t_29 + e + t_30 + tail;
    let t_32 = hs.arr3[1u].z;
    let z = hs.z;
    let h = t_31 + t_32 + z;
    let f_1 = hs.f;
    out[min(0u, arrayLength(&out) - 1u)] = acc_7 + f32(h) + f_1;
}
