struct Light {
    pos: vec3f,
    radius: f32,
    color: vec3f,
    pad: f32,
}

struct Params {
    origin: vec3f,
    count: u32,
    rot: array<mat3x3f, 3>,
}

struct Hit {
    dist: f32,
    index: i32,
}

struct Shortlist {
    hits: array<Hit, 8>,
    count: i32,
}

@group(0) @binding(0) var<storage, read> lights: array<Light>;
@group(0) @binding(1) var<storage, read_write> out_color: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> out_index: array<vec4i>;
@group(0) @binding(3) var<uniform> params: Params;

fn empty_list() -> Shortlist {
    return Shortlist(array<Hit, 8>(Hit(1e30f, -1i), Hit(1e30f, -1i), Hit(1e30f, -1i), Hit(1e30f, -1i), Hit(1e30f, -1i), Hit(1e30f, -1i), Hit(1e30f, -1i), Hit(1e30f, -1i)), 0i);
}

fn insert(s: Shortlist, d: f32, i: i32) -> Shortlist {
    var s_1: Shortlist;
    s_1 = s;
    let count = s_1.count;
    var v: bool = false;
    if count == 8i {
        let dist = s_1.hits[7u].dist;
        v = d >= dist;
    }
    if v {
        let s_2 = s_1;
        return s_2;
    }
    let count_1 = s_1.count;
    let j = min(count_1, 7i);
    var v_1: u32 = 0u;
    var j_1: i32 = j;
    var j_2: i32;
    loop {
        if !(v_1 < 8u) {
            j_2 = j_1;
            break;
        }
        var v_2: bool = false;
        if j_1 > 0i {
            let dist_1 = s_1.hits[j_1 - 1i].dist;
            v_2 = dist_1 > d;
        }
        if !v_2 {
            j_2 = j_1;
            break;
        }
        let t = s_1.hits[j_1 - 1i];
        s_1.hits[j_1] = t;
        let j_3 = j_1 - 1i;
        v_1 = v_1 + 1u;
        j_1 = j_3;
    }
    s_1.hits[j_2].dist = d;
    s_1.hits[j_2].index = i;
    let count_2 = s_1.count;
    s_1.count = min(count_2 + 1i, 8i);
    let s_3 = s_1;
    return s_3;
}

fn weights(s: Shortlist) -> array<f32, 8> {
    var s_1: Shortlist;
    var w: array<f32, 8>;
    s_1 = s;
    w = array<f32, 8>(0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f);
    var k: i32 = 0i;
    var v: u32 = 7u;
    var v_1: bool = true;
    loop {
        if !v_1 {
            break;
        }
        let count = s_1.count;
        if k < count {
            let dist = s_1.hits[k].dist;
            let dist_1 = s_1.hits[k].dist;
            w[k] = 1.0f / (1.0f + dist * dist_1);
        }
        let next_v = v != 0u;
        k = k + 1i;
        v = v - 1u;
        v_1 = next_v;
    }
    let w_1 = w;
    return w_1;
}

fn total(w: array<f32, 8>) -> f32 {
    var w_1: array<f32, 8>;
    w_1 = w;
    var k: i32 = 0i;
    var v: u32 = 7u;
    var v_1: bool = true;
    var t: f32 = 0.0f;
    var t_1: f32;
    loop {
        if !v_1 {
            t_1 = t;
            break;
        }
        let t_2 = w_1[k];
        let t_3 = t + t_2;
        let next_v = v != 0u;
        k = k + 1i;
        v = v - 1u;
        v_1 = next_v;
        t = t_3;
    }
    return t_1;
}

@compute @workgroup_size(32, 1, 1)
fn shortlist(@builtin(global_invocation_id) id: vec3u) {
    var s: Shortlist;
    var w: array<f32, 8>;
    var rots: array<mat3x3f, 3>;
    let p = params.origin + vec3f(f32(id.x), 0.0f, 0.0f);
    let empty_list_1 = empty_list();
    s = empty_list_1;
    let t = arrayLength(&lights);
    let n = i32(min(params.count, u32(i32(t))));
    let t_1 = n - 1i;
    var i: i32 = 0i;
    var v: u32 = bitcast<u32>(t_1) - 0u;
    var v_1: bool = 0i <= t_1;
    var v_2: u32 = 0u;
    loop {
        if !(v_2 < 1024u) {
            break;
        }
        if !v_1 {
            break;
        }
        let l = lights[min(u32(i), arrayLength(&lights) - 1u)];
        let d = distance(p, l.pos);
        if d < l.radius {
            let s_1 = s;
            let insert_1 = insert(s_1, d, i);
            s = insert_1;
        }
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
    }
    let s_2 = s;
    let weights_1 = weights(s_2);
    w = weights_1;
    let w_1 = w;
    let total_1 = total(w_1);
    let t_2 = max(total_1, 1e-6f);
    rots = params.rot;
    var k: i32 = 0i;
    var v_3: u32 = 7u;
    var v_4: bool = true;
    var c: vec3f = vec3f(0.0f);
    var c_1: vec3f;
    loop {
        if !v_4 {
            c_1 = c;
            break;
        }
        let count = s.count;
        var c_2: vec3f = c;
        if k < count {
            let index = s.hits[k].index;
            let m = rots[index % 3i];
            let index_1 = s.hits[k].index;
            let color = lights[min(u32(index_1), arrayLength(&lights) - 1u)].color;
            let t_3 = w[k];
            c_2 = c + m * color * (t_3 / t_2);
        }
        let next_v_1 = v_3 != 0u;
        k = k + 1i;
        v_3 = v_3 - 1u;
        v_4 = next_v_1;
        c = c_2;
    }
    let count_1 = s.count;
    out_color[min(id.x, arrayLength(&out_color) - 1u)] = vec4f(c_1, f32(count_1));
    let index_2 = s.hits[0u].index;
    let index_3 = s.hits[1u].index;
    let index_4 = s.hits[2u].index;
    let index_5 = s.hits[7u].index;
    out_index[min(id.x, arrayLength(&out_index) - 1u)] = vec4i(index_2, index_3, index_4, index_5);
}
