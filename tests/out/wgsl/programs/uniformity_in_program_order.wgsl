@group(0) @binding(0) var<uniform> params: vec4u;
@group(0) @binding(1) var<storage, read_write> data: array<f32>;
var<workgroup> tile: array<f32, 64>;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(local_invocation_index) lid: u32) {
    workgroupBarrier();
    tile[lid] = f32(lid);
    let k = params.x;
    if k > 1u {
        workgroupBarrier();
    }
    let sum = tile[(lid + 1u) % 64u];
    var n: u32;
    if params.y > 0u {
        n = 2u;
    } else if params.z > 0u {
        n = 3u;
    } else {
        n = params.w;
    }
    var i: u32 = 0u;
    var v: u32 = n - 0u;
    var v_1: bool = 0u <= n;
    var v_2: u32 = 0u;
    var sum_1: f32 = sum;
    var sum_2: f32;
    loop {
        if !(v_2 < 64u) {
            sum_2 = sum_1;
            break;
        }
        if !v_1 {
            sum_2 = sum_1;
            break;
        }
        let sum_3 = sum_1 + f32(lid);
        if i == 1u {
            storageBarrier();
        }
        let next_v = v != 0u;
        i = i + 1u;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        sum_1 = sum_3;
    }
    data[min(lid, arrayLength(&data) - 1u)] = sum_2;
}
