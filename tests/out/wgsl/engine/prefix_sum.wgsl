@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> block_sums: array<u32>;
var<workgroup> temp: array<u32, 512>;

@compute @workgroup_size(256, 1, 1)
fn scan_blocks(@builtin(local_invocation_id) lid: vec3u, @builtin(workgroup_id) wid: vec3u) {
    let t = lid.x;
    let base = wid.x * 512u;
    let t_1 = arrayLength(&data);
    let count = u32(i32(t_1));
    let bi = t + 256u;
    var a_in: u32 = 0u;
    if base + t < count {
        let t_2 = data[min(base + t, arrayLength(&data) - 1u)];
        a_in = t_2;
    }
    var b_in: u32 = 0u;
    if base + bi < count {
        let t_3 = data[min(base + bi, arrayLength(&data) - 1u)];
        b_in = t_3;
    }
    temp[t] = a_in;
    temp[bi] = b_in;
    var level: i32 = 0i;
    var v: u32 = 8u;
    var v_1: bool = true;
    loop {
        if !v_1 {
            break;
        }
        workgroupBarrier();
        let stride = 1u << bitcast<u32>(level);
        let active_ = 512u >> bitcast<u32>(level + 1i);
        if t < active_ {
            let left = stride * (2u * t + 1u) - 1u;
            let right = stride * (2u * t + 2u) - 1u;
            let t_4 = temp[left];
            let t_5 = temp[right];
            temp[right] = t_5 + t_4;
        }
        let next_v = v != 0u;
        level = level + 1i;
        v = v - 1u;
        v_1 = next_v;
    }
    workgroupBarrier();
    if t == 0u {
        let t_6 = temp[511u];
        block_sums[min(wid.x, arrayLength(&block_sums) - 1u)] = t_6;
        temp[511u] = 0u;
    }
    var level_1: i32 = 8i;
    var v_2: u32 = 8u;
    var v_3: bool = true;
    loop {
        if !v_3 {
            break;
        }
        workgroupBarrier();
        let stride_1 = 1u << u32(level_1);
        let active_1 = 512u >> u32(level_1 + 1i);
        if t < active_1 {
            let left_1 = stride_1 * (2u * t + 1u) - 1u;
            let right_1 = stride_1 * (2u * t + 2u) - 1u;
            let carried = temp[left_1];
            let t_7 = temp[right_1];
            temp[left_1] = t_7;
            let t_8 = temp[right_1];
            temp[right_1] = t_8 + carried;
        }
        let next_v_1 = v_2 != 0u;
        level_1 = level_1 + -1i;
        v_2 = v_2 - 1u;
        v_3 = next_v_1;
    }
    workgroupBarrier();
    if base + t < count {
        let t_9 = temp[t];
        data[min(base + t, arrayLength(&data) - 1u)] = t_9 + a_in;
    }
    if base + bi < count {
        let t_10 = temp[bi];
        data[min(base + bi, arrayLength(&data) - 1u)] = t_10 + b_in;
    }
}

@compute @workgroup_size(256, 1, 1)
fn add_block_offsets(@builtin(global_invocation_id) gid: vec3u, @builtin(workgroup_id) wid: vec3u) {
    let block = gid.x / 256u;
    if block == 0u {
        return;
    }
    let offset = block_sums[min(block - 1u, arrayLength(&block_sums) - 1u)];
    let t = arrayLength(&data);
    let count = u32(i32(t));
    let first = gid.x * 2u;
    if first < count {
        let t_1 = data[min(first, arrayLength(&data) - 1u)];
        data[min(first, arrayLength(&data) - 1u)] = t_1 + offset;
    }
    if first + 1u < count {
        let t_2 = data[min(first + 1u, arrayLength(&data) - 1u)];
        data[min(first + 1u, arrayLength(&data) - 1u)] = t_2 + offset;
    }
}
