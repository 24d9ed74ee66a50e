@id(0) override GROUP: u32 = 64u;
@id(1) override ROWS: i32 = 1i;

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> partial_sums: array<f32>;
var<workgroup> scratch: array<f32, 1024>;

@compute @workgroup_size(GROUP, u32(ROWS), 1)
fn reduce(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) group: vec3u) {
    var t: i32;
    t = ROWS;
    let size = GROUP * u32(t);
    let index = group.x * size + li;
    let t_1 = arrayLength(&values);
    var v: f32 = 0.0f;
    if index < u32(i32(t_1)) {
        let t_2 = values[min(index, arrayLength(&values) - 1u)];
        v = t_2;
    }
    scratch[li] = v;
    workgroupBarrier();
    var v_1: u32 = 0u;
    var active_: u32 = size;
    loop {
        if !(v_1 < 10u) {
            break;
        }
        if !(active_ > 1u) {
            break;
        }
        let half_up = (active_ + 1u) / 2u;
        if li < active_ / 2u {
            let t_3 = scratch[li];
            let t_4 = scratch[li + half_up];
            scratch[li] = t_3 + t_4;
        }
        workgroupBarrier();
        v_1 = v_1 + 1u;
        active_ = half_up;
    }
    if li == 0u {
        let t_5 = scratch[0u];
        partial_sums[min(group.x, arrayLength(&partial_sums) - 1u)] = t_5;
    }
}
