struct BitonicStep {
    count: u32,
    k: u32,
    j: u32,
    ascending: u32,
}

struct Pair {
    key: f32,
    value: u32,
}

var<immediate> step_params: BitonicStep;
@group(0) @binding(0) var<storage, read_write> pairs: array<Pair>;
var<workgroup> block_keys: array<f32, 512>;
var<workgroup> block_values: array<u32, 512>;

fn in_order(a: f32, b: f32, ascending: bool) -> bool {
    return select(a >= b, a <= b, ascending);
}

fn compare_exchange_shared(i: u32, partner: u32, ascending: bool) {
    let a = block_keys[i];
    let b = block_keys[partner];
    let in_order_1 = in_order(a, b, ascending);
    if !in_order_1 {
        block_keys[i] = b;
        block_keys[partner] = a;
        let v = block_values[i];
        let t = block_values[partner];
        block_values[i] = t;
        block_values[partner] = v;
    }
}

@compute @workgroup_size(256, 1, 1)
fn sort_blocks(@builtin(local_invocation_index) lane: u32, @builtin(workgroup_id) group: vec3u) {
    let base = group.x * 512u;
    var half: i32 = 0i;
    var v: u32 = 1u;
    var v_1: bool = true;
    loop {
        if !v_1 {
            break;
        }
        let local_index = lane + u32(half) * 256u;
        let global_index = base + local_index;
        let inside = global_index < step_params.count;
        var v_2: f32 = 0x1.fffffep+127f;
        if inside {
            let key = pairs[min(global_index, arrayLength(&pairs) - 1u)].key;
            v_2 = key;
        }
        block_keys[local_index] = v_2;
        var v_3: u32 = 4294967295u;
        if inside {
            let value = pairs[min(global_index, arrayLength(&pairs) - 1u)].value;
            v_3 = value;
        }
        block_values[local_index] = v_3;
        let next_v = v != 0u;
        half = half + 1i;
        v = v - 1u;
        v_1 = next_v;
    }
    workgroupBarrier();
    let ascending_all = step_params.ascending != 0u;
    var v_4: u32 = 0u;
    var k: u32 = 2u;
    loop {
        if !(v_4 < 9u) {
            break;
        }
        if !(k <= 512u) {
            break;
        }
        let j = k >> 1u;
        var v_5: u32 = 0u;
        var j_1: u32 = j;
        loop {
            if !(v_5 < 9u) {
                break;
            }
            if !(j_1 > 0u) {
                break;
            }
            let i = 2u * lane - (lane & (j_1 - 1u));
            let partner = i + j_1;
            let block_ascending = ((base + i) & k) == 0u;
            compare_exchange_shared(i, partner, block_ascending == ascending_all);
            workgroupBarrier();
            let j_2 = j_1 >> 1u;
            v_5 = v_5 + 1u;
            j_1 = j_2;
        }
        let k_1 = k << 1u;
        v_4 = v_4 + 1u;
        k = k_1;
    }
    var half_1: i32 = 0i;
    var v_6: u32 = 1u;
    var v_7: bool = true;
    loop {
        if !v_7 {
            break;
        }
        let local_index_1 = lane + u32(half_1) * 256u;
        let global_index_1 = base + local_index_1;
        if global_index_1 < step_params.count {
            let t = block_keys[local_index_1];
            let t_1 = block_values[local_index_1];
            pairs[min(global_index_1, arrayLength(&pairs) - 1u)] = Pair(t, t_1);
        }
        let next_v_1 = v_6 != 0u;
        half_1 = half_1 + 1i;
        v_6 = v_6 - 1u;
        v_7 = next_v_1;
    }
}

@compute @workgroup_size(256, 1, 1)
fn merge_step(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x;
    let partner = i ^ step_params.j;
    if partner <= i || partner >= step_params.count {
        return;
    }
    let ascending = ((i & step_params.k) == 0u) == (step_params.ascending != 0u);
    let a = pairs[min(i, arrayLength(&pairs) - 1u)];
    let b = pairs[min(partner, arrayLength(&pairs) - 1u)];
    let in_order_1 = in_order(a.key, b.key, ascending);
    if !in_order_1 {
        pairs[min(i, arrayLength(&pairs) - 1u)] = b;
        pairs[min(partner, arrayLength(&pairs) - 1u)] = a;
    }
}
