struct ReduceParams {
    count: u32,
    first_pass: u32,
}

struct Partial {
    sum: f32,
    min_value: f32,
    max_value: f32,
    non_finite: u32,
}

var<immediate> reduce: ReduceParams;
@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read> partials_in: array<Partial>;
@group(0) @binding(2) var<storage, read_write> partials_out: array<Partial>;
var<workgroup> sums: array<f32, 256>;
var<workgroup> minima: array<f32, 256>;
var<workgroup> maxima: array<f32, 256>;
var<workgroup> bad_count: atomic<u32>;

fn identity() -> Partial {
    return Partial(0.0f, 0x1.fffffep+127f, -0x1.fffffep+127f, 0u);
}

fn combine(a: Partial, b: Partial) -> Partial {
    return Partial(a.sum + b.sum, min(a.min_value, b.min_value), max(a.max_value, b.max_value), a.non_finite + b.non_finite);
}

fn load(index: u32) -> Partial {
    if reduce.first_pass != 0u {
        let v = values[min(index, arrayLength(&values) - 1u)];
        if (bitcast<u32>(v) & 0x7fffffffu) > 0x7f800000u || (bitcast<u32>(v) & 0x7fffffffu) == 0x7f800000u {
            let p = identity();
            var p_1: Partial = p;
            p_1.non_finite = 1u;
            return p_1;
        }
        return Partial(v, v, v, 0u);
    }
    let t = partials_in[min(index, arrayLength(&partials_in) - 1u)];
    return t;
}

@compute @workgroup_size(256, 1, 1)
fn reduce_pass(@builtin(local_invocation_index) lane: u32, @builtin(workgroup_id) group: vec3u, @builtin(num_workgroups) groups: vec3u) {
    if lane == 0u {
        atomicStore(&bad_count, 0u);
    }
    let acc = identity();
    let stride = groups.x * 256u;
    let i = group.x * 256u + lane;
    var v: u32 = 0u;
    var acc_1: Partial = acc;
    var i_1: u32 = i;
    var acc_2: Partial;
    loop {
        if !(v < 1048576u) {
            acc_2 = acc_1;
            break;
        }
        if !(i_1 < reduce.count) {
            acc_2 = acc_1;
            break;
        }
        let load_1 = load(i_1);
        let acc_3 = combine(acc_1, load_1);
        let i_2 = i_1 + stride;
        v = v + 1u;
        acc_1 = acc_3;
        i_1 = i_2;
    }
    sums[lane] = acc_2.sum;
    minima[lane] = acc_2.min_value;
    maxima[lane] = acc_2.max_value;
    workgroupBarrier();
    atomicAdd(&bad_count, acc_2.non_finite);
    var v_1: u32 = 0u;
    var active_: u32 = 128u;
    loop {
        if !(v_1 < 8u) {
            break;
        }
        if !(active_ > 0u) {
            break;
        }
        if lane < active_ {
            let t = sums[lane + active_];
            let t_1 = sums[lane];
            sums[lane] = t_1 + t;
            let t_2 = minima[lane];
            let t_3 = minima[lane + active_];
            minima[lane] = min(t_2, t_3);
            let t_4 = maxima[lane];
            let t_5 = maxima[lane + active_];
            maxima[lane] = max(t_4, t_5);
        }
        workgroupBarrier();
        let active_1 = active_ >> 1u;
        v_1 = v_1 + 1u;
        active_ = active_1;
    }
    if lane == 0u {
        let t_6 = sums[0u];
        let t_7 = minima[0u];
        let t_8 = maxima[0u];
        let t_9 = atomicLoad(&bad_count);
        partials_out[min(group.x, arrayLength(&partials_out) - 1u)] = Partial(t_6, t_7, t_8, t_9);
    }
}
