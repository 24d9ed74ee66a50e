struct Dims {
    m: u32,
    n: u32,
    @size(8) k: u32,
}

@group(0) @binding(0) var<uniform> dims: Dims;
@group(0) @binding(1) var<storage, read> a: array<f32>;
@group(0) @binding(2) var<storage, read> b: array<f32>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;
var<workgroup> tile_a: array<array<f32, 16>, 16>;
var<workgroup> tile_b: array<array<f32, 16>, 16>;

@compute @workgroup_size(16, 16, 1)
fn matmul(@builtin(local_invocation_id) lid: vec3u, @builtin(workgroup_id) wid: vec3u) {
    let row = wid.y * 16u + lid.y;
    let col = wid.x * 16u + lid.x;
    let steps = i32((dims.k + 16u - 1u) / 16u);
    let t = steps - 1i;
    var t_1: i32 = 0i;
    var v: u32 = bitcast<u32>(t) - 0u;
    var v_1: bool = 0i <= t;
    var v_2: u32 = 0u;
    var acc: f32 = 0.0f;
    var acc_1: f32;
    loop {
        if !(v_2 < 4096u) {
            acc_1 = acc;
            break;
        }
        if !v_1 {
            acc_1 = acc;
            break;
        }
        let a_col = u32(t_1) * 16u + lid.x;
        let b_row = u32(t_1) * 16u + lid.y;
        var v_3: f32 = 0.0f;
        if row < dims.m && a_col < dims.k {
            let t_2 = a[min(row * dims.k + a_col, arrayLength(&a) - 1u)];
            v_3 = t_2;
        }
        tile_a[lid.y][lid.x] = v_3;
        var v_4: f32 = 0.0f;
        if b_row < dims.k && col < dims.n {
            let t_3 = b[min(b_row * dims.n + col, arrayLength(&b) - 1u)];
            v_4 = t_3;
        }
        tile_b[lid.y][lid.x] = v_4;
        workgroupBarrier();
        var i: i32 = 0i;
        var v_5: u32 = 15u;
        var v_6: bool = true;
        var acc_2: f32 = acc;
        var acc_3: f32;
        loop {
            if !v_6 {
                acc_3 = acc_2;
                break;
            }
            let t_4 = tile_a[lid.y][i];
            let t_5 = tile_b[i][lid.x];
            let acc_4 = acc_2 + t_4 * t_5;
            let next_v = v_5 != 0u;
            i = i + 1i;
            v_5 = v_5 - 1u;
            v_6 = next_v;
            acc_2 = acc_4;
        }
        workgroupBarrier();
        let next_v_1 = v != 0u;
        t_1 = t_1 + 1i;
        v = v - 1u;
        v_1 = next_v_1;
        v_2 = v_2 + 1u;
        acc = acc_3;
    }
    if row < dims.m && col < dims.n {
        c[min(row * dims.n + col, arrayLength(&c) - 1u)] = acc_1;
    }
}
