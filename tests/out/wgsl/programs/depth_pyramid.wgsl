struct Pair {
    a: f32,
    b: f32,
}

@group(0) @binding(0) var depth: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<vec2f>;
var<workgroup> lo: array<array<f32, 16>, 16>;
var<workgroup> hi: array<array<f32, 16>, 16>;
var<workgroup> scratch: array<Pair, 256>;

fn reduce_step(lid: vec2u, s: u32) {
    if lid.x < s {
        let t = lo[lid.y][lid.x];
        let t_1 = lo[lid.y][lid.x + s];
        lo[lid.y][lid.x] = min(t, t_1);
        let t_2 = hi[lid.y][lid.x];
        let t_3 = hi[lid.y][lid.x + s];
        hi[lid.y][lid.x] = max(t_2, t_3);
    }
    workgroupBarrier();
}

@compute @workgroup_size(16, 16, 1)
fn reduce_depth(@builtin(local_invocation_id) lid: vec3u, @builtin(workgroup_id) wg: vec3u, @builtin(num_workgroups) nwg: vec3u) {
    let p = vec2i(wg.xy * vec2u(16u) + lid.xy);
    let size = vec2i(textureDimensions(depth));
    let d = textureLoad(depth, min(p, size - vec2i(1i)), 0i).x;
    lo[lid.y][lid.x] = d;
    hi[lid.y][lid.x] = d;
    workgroupBarrier();
    var v: u32 = 0u;
    var s: u32 = 8u;
    loop {
        if !(v < 8u) {
            break;
        }
        if !(s > 0u) {
            break;
        }
        reduce_step(lid.xy, s);
        let s_1 = s >> 1u;
        v = v + 1u;
        s = s_1;
    }
    if lid.x == 0u {
        let t = lo[lid.y][0u];
        let t_1 = hi[lid.y][0u];
        scratch[lid.y] = Pair(t, t_1);
    }
    workgroupBarrier();
    if lid.x == 0u && lid.y == 0u {
        let m = scratch[0u].a;
        let x = scratch[0u].b;
        var i: i32 = 1i;
        var v_1: u32 = 14u;
        var v_2: bool = true;
        var m_1: f32 = m;
        var x_1: f32 = x;
        var m_2: f32;
        var x_2: f32;
        loop {
            if !v_2 {
                m_2 = m_1;
                x_2 = x_1;
                break;
            }
            let a = scratch[i].a;
            let m_3 = min(m_1, a);
            let b = scratch[i].b;
            let x_3 = max(x_1, b);
            let next_v = v_1 != 0u;
            i = i + 1i;
            v_1 = v_1 - 1u;
            v_2 = next_v;
            m_1 = m_3;
            x_1 = x_3;
        }
        out[min(wg.y * nwg.x + wg.x, arrayLength(&out) - 1u)] = vec2f(m_2, x_2);
    }
}
