struct u32_std140_element {
    @size(16) value: u32,
}

struct Inner {
    a: vec3f,
    b: f32,
    c: vec2f,
    m: mat2x3f,
}

struct mat3x2f_std140 {
    @size(16) c0: vec2f,
    @size(16) c1: vec2f,
    @size(16) c2: vec2f,
}

struct Light {
    pos: vec3f,
    range: f32,
    color: vec3f,
    kinds: array<u32, 2>,
    inner: Inner,
    tr: mat3x2f,
}

struct Light_std140 {
    pos: vec3f,
    range: f32,
    @size(16) color: vec3f,
    kinds: array<u32_std140_element, 2>,
    inner: Inner,
    tr: mat3x2f_std140,
}

struct f32_std140_element {
    @size(16) value: f32,
}

struct Frame_std140 {
    lights: array<Light_std140, 3>,
    grid: array<array<f32_std140_element, 3>, 2>,
    odd: array<vec3f, 2>,
    scale: f32,
    tail: mat3x3f,
    flag: u32,
}

struct Store {
    count: u32,
    v3: vec3f,
    f: f32,
    grid: array<array<vec2f, 3>, 2>,
    mats: array<mat2x3f, 2>,
    inners: array<Inner, 2>,
    data: array<vec3f>,
}

@group(0) @binding(0) var<uniform> frame: Frame_std140;
@group(0) @binding(1) var<storage, read_write> store: Store;

fn array_from_std140(v: array<u32_std140_element, 2>) -> array<u32, 2> {
    var source = v;
    var result: array<u32, 2>;
    for (var i = 0u; i < 2u; i++) {
        result[i] = source[i].value;
    }
    return result;
}

fn Light_from_std140(v: Light_std140) -> Light {
    return Light(v.pos, v.range, v.color, array_from_std140(v.kinds), v.inner, mat3x2f(v.tr.c0, v.tr.c1, v.tr.c2));
}

@compute @workgroup_size(16, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x;
    var k: i32 = 0i;
    var v: u32 = 2u;
    var v_1: bool = true;
    var acc: vec3f = vec3f(0.0f);
    var acc_1: vec3f;
    loop {
        if !v_1 {
            acc_1 = acc;
            break;
        }
        let l = Light_from_std140(frame.lights[min(u32(k), 2u)]);
        let acc_2 = acc + (l.color * l.range + l.inner.a * l.inner.b + l.inner.m * l.inner.c);
        let t = acc_2.xy + l.tr * l.pos;
        let acc_3 = vec3f(t, acc_2.z);
        var acc_4: vec3f = acc_3;
        acc_4.z = acc_3.z + f32(l.kinds[1]);
        let next_v = v != 0u;
        k = k + 1i;
        v = v - 1u;
        v_1 = next_v;
        acc = acc_4;
    }
    var acc_5: vec3f = acc_1;
    acc_5.x = acc_1.x + (frame.grid[1u][2u].value + frame.odd[1u].z * frame.scale);
    let acc_6 = frame.tail * acc_5;
    store.v3 = acc_6;
    let f = store.f;
    store.f = f + frame.grid[0u][1u].value;
    let t_1 = store.grid[1u][2u].y;
    store.grid[1u][2u].y = t_1 - 1.0f;
    let t_2 = store.grid[min(i % 2u, 1u)][min(i % 3u, 2u)];
    store.grid[min(i % 2u, 1u)][min(i % 3u, 2u)] = t_2 * vec2f(2.0f, 3.0f);
    store.mats[1u][1u].z = acc_6.y;
    store.mats[0u] = mat2x3f(acc_6, acc_6.zyx);
    let t_3 = i & 1u;
    let t_4 = store.inners[min(t_3, 1u)].m[1u];
    let t_5 = t_4.yz + acc_6.xy;
    store.inners[min(t_3, 1u)].m[1u].y = t_5.x;
    store.inners[min(t_3, 1u)].m[1u].z = t_5.y;
    let t_6 = acc_6.zy;
    store.inners[0u].c.y = t_6.x;
    store.inners[0u].c.x = t_6.y;
    let t_7 = arrayLength(&store.data);
    if i < u32(i32(t_7)) {
        let t_8 = store.data[min(i, arrayLength(&store.data) - 1u)];
        let t_9 = t_8.zx + vec2f(f32(frame.flag), 1.0f);
        store.data[min(i, arrayLength(&store.data) - 1u)].z = t_9.x;
        store.data[min(i, arrayLength(&store.data) - 1u)].x = t_9.y;
    }
    let count = store.count;
    store.count = count + 1u;
}
