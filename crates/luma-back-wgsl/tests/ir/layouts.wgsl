struct Inner {
    a: f32,
    b: vec2f,
}

struct f32_std140_element {
    @size(16) value: f32,
}

struct vec2f_std140_element {
    @size(16) value: vec2f,
}

struct mat2x2f_std140 {
    @size(16) c0: vec2f,
    @size(16) c1: vec2f,
}

struct mat3x2f_std140 {
    @size(16) c0: vec2f,
    @size(16) c1: vec2f,
    @size(16) c2: vec2f,
}

struct i32_std140_element {
    @size(16) value: i32,
}

struct Block {
    scalars: array<f32, 3>,
    pairs: array<vec2f, 2>,
    m2: mat2x2f,
    m32: mat3x2f,
    m43: mat4x3f,
    v3: vec3f,
    tail: f32,
    inner: Inner,
    after: f32,
    inners: array<Inner, 2>,
    mats: array<mat2x2f, 2>,
    ints: array<i32, 2>,
}

struct Block_std140 {
    scalars: array<f32_std140_element, 3>,
    pairs: array<vec2f_std140_element, 2>,
    m2: mat2x2f_std140,
    m32: mat3x2f_std140,
    m43: mat4x3f,
    v3: vec3f,
    tail: f32,
    inner: Inner,
    @size(16) after: f32,
    inners: array<Inner, 2>,
    mats: array<mat2x2f_std140, 2>,
    ints: array<i32_std140_element, 2>,
}

struct Out {
    block: Block,
    sum: vec4f,
}

@group(0) @binding(0) var<uniform> ubo: Block_std140;
@group(0) @binding(1) var<storage, read> ssbo: Block;
@group(0) @binding(2) var<storage, read_write> out: Out;

fn array_from_std140_1(v: array<f32_std140_element, 3>) -> array<f32, 3> {
    var source = v;
    var result: array<f32, 3>;
    for (var i = 0u; i < 3u; i++) {
        result[i] = source[i].value;
    }
    return result;
}

fn array_from_std140_2(v: array<vec2f_std140_element, 2>) -> array<vec2f, 2> {
    var source = v;
    var result: array<vec2f, 2>;
    for (var i = 0u; i < 2u; i++) {
        result[i] = source[i].value;
    }
    return result;
}

fn array_from_std140_3(v: array<mat2x2f_std140, 2>) -> array<mat2x2f, 2> {
    var source = v;
    var result: array<mat2x2f, 2>;
    for (var i = 0u; i < 2u; i++) {
        result[i] = mat2x2f(source[i].c0, source[i].c1);
    }
    return result;
}

fn array_from_std140(v: array<i32_std140_element, 2>) -> array<i32, 2> {
    var source = v;
    var result: array<i32, 2>;
    for (var i = 0u; i < 2u; i++) {
        result[i] = source[i].value;
    }
    return result;
}

fn Block_from_std140(v: Block_std140) -> Block {
    return Block(array_from_std140_1(v.scalars), array_from_std140_2(v.pairs), mat2x2f(v.m2.c0, v.m2.c1), mat3x2f(v.m32.c0, v.m32.c1, v.m32.c2), v.m43, v.v3, v.tail, v.inner, v.after, v.inners, array_from_std140_3(v.mats), array_from_std140(v.ints));
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(local_invocation_index) id: u32) {
    let s = ubo.scalars[min(id, 2u)].value;
    let p = ubo.pairs[min(id, 1u)].value;
    let m2 = mat2x2f(ubo.m2.c0, ubo.m2.c1);
    let col = mat3x2f(ubo.m32.c0, ubo.m32.c1, ubo.m32.c2)[min(id, 2u)];
    let elem = ubo.m32.c2[min(id, 1u)];
    let col1 = ubo.m32.c1;
    let m43 = ubo.m43;
    let tail = ubo.tail;
    let inner = ubo.inner;
    let inners = ubo.inners;
    let m = mat2x2f(ubo.mats[min(id, 1u)].c0, ubo.mats[min(id, 1u)].c1);
    let ints = array_from_std140(ubo.ints);
    let copy = Block_from_std140(ubo);
    let from_storage = ssbo;
    out.block = from_storage;
    let t = s + elem + tail + inner.a + f32(ints[1]) + m43[3].z + copy.after;
    out.sum = vec4f(p + col + col1 + inners[1].b + m[0] + m2[1], t, t);
}
