struct mat2x2f_std140 {
    @size(16) c0: vec2f,
    @size(16) c1: vec2f,
}

struct Mats {
    m2: mat2x2f,
    m3: mat3x3f,
    m4: mat4x4f,
    m2x3: mat2x3f,
    i: i32,
}

struct Mats_std140 {
    m2: mat2x2f_std140,
    m3: mat3x3f,
    m4: mat4x4f,
    m2x3: mat2x3f,
    i: i32,
}

struct Small {
    m2: mat2x2f,
    m3: mat3x3f,
    m2x3: mat2x3f,
    i: i32,
}

@group(0) @binding(0) var<uniform> u: Mats_std140;
@group(0) @binding(1) var<uniform> bare: mat3x3f;
var<immediate> pc: Small;
@group(0) @binding(2) var<storage, read_write> b: array<Mats>;
@group(0) @binding(3) var<storage, read_write> tall: array<mat4x3f>;
@group(0) @binding(4) var<storage, read_write> result: array<f32>;
var<workgroup> s2: mat2x2f;
var<workgroup> s3: mat3x3f;
var<workgroup> s4: mat4x4f;
var<workgroup> s2x3: mat2x3f;

@compute @workgroup_size(1, 1, 1)
fn main() {
    var l: mat3x3f;
    let i = u.i;
    let j = pc.i;
    result[min(0u, arrayLength(&result) - 1u)] = u.m2.c1.y + u.m3[2u].x + u.m4[3u].w + u.m2x3[1u].z + bare[1u].y;
    result[min(1u, arrayLength(&result) - 1u)] = mat2x2f(u.m2.c0, u.m2.c1)[min(u32(i), 1u)].x + u.m3[min(u32(i), 2u)][min(u32(i), 2u)] + u.m4[1u][min(u32(i), 3u)] + u.m2x3[min(u32(i), 1u)].y + bare[min(u32(i), 2u)].z;
    result[min(2u, arrayLength(&result) - 1u)] = pc.m2[0u].y + pc.m3[1u].z + pc.m2x3[min(u32(j), 1u)].z + pc.m3[min(u32(j), 2u)].x;
    b[min(u32(i), arrayLength(&b) - 1u)].m2[1u].x = 1.0f;
    b[min(u32(i), arrayLength(&b) - 1u)].m3[min(u32(i), 2u)].z = 2.0f;
    b[min(0u, arrayLength(&b) - 1u)].m4[2u][min(u32(i), 3u)] = 3.0f;
    let t = b[min(u32(i), arrayLength(&b) - 1u)].m2x3[0u].z;
    let t_1 = b[min(1u, arrayLength(&b) - 1u)].m4[min(u32(i), 3u)].w;
    b[min(u32(j), arrayLength(&b) - 1u)].m2x3[1u].y = t + t_1;
    let t_2 = tall[min(u32(j), arrayLength(&tall) - 1u)][min(u32(i), 3u)].y;
    let t_3 = tall[min(0u, arrayLength(&tall) - 1u)][2u].x;
    tall[min(u32(i), arrayLength(&tall) - 1u)][3u].z = t_2 + t_3;
    tall[min(0u, arrayLength(&tall) - 1u)][min(u32(i), 3u)][min(u32(j), 2u)] = 7.0f;
    s2[1u].y = u.m2.c0.x;
    s3[i].z = u.m3[1u].z;
    s4[2u][i] = 4.0f;
    s2x3[0u].z = 5.0f;
    workgroupBarrier();
    let t_4 = s2[1u].y;
    let t_5 = s3[i].z;
    let t_6 = s4[2u][j];
    let t_7 = s2x3[i].z;
    result[min(3u, arrayLength(&result) - 1u)] = t_4 + t_5 + t_6 + t_7;
    l = u.m3;
    l[i].y = 6.0f;
    let t_8 = l[j].y;
    let t_9 = l[2u].z;
    result[min(4u, arrayLength(&result) - 1u)] = t_8 + t_9;
}
