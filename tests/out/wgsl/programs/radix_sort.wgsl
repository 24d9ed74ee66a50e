struct SortParams {
    count: u32,
    shift: u32,
    tile_count: u32,
    descending: u32,
}

var<immediate> sort: SortParams;
@group(0) @binding(0) var<storage, read> keys_in: array<u32>;
@group(0) @binding(1) var<storage, read> values_in: array<u32>;
@group(0) @binding(2) var<storage, read_write> keys_out: array<u32>;
@group(0) @binding(3) var<storage, read_write> values_out: array<u32>;
@group(0) @binding(4) var<storage, read_write> tile_counts: array<u32>;
var<workgroup> digit_counts: array<atomic<u32>, 16>;
var<workgroup> tile_digits: array<u32, 256>;
var<workgroup> scan_scratch: array<u32, 256>;
var<workgroup> local_keys: array<u32, 256>;
var<workgroup> local_values: array<u32, 256>;

fn digit_of(key: u32) -> u32 {
    let k = select(key, ~key, sort.descending != 0u);
    return (k >> sort.shift) & 15u;
}

@compute @workgroup_size(256, 1, 1)
fn count_digits(@builtin(local_invocation_index) lane: u32, @builtin(workgroup_id) tile: vec3u) {
    if lane < 16u {
        atomicStore(&digit_counts[lane], 0u);
    }
    workgroupBarrier();
    let index = tile.x * 256u + lane;
    if index < sort.count {
        let t = keys_in[min(index, arrayLength(&keys_in) - 1u)];
        let digit_of_1 = digit_of(t);
        atomicAdd(&digit_counts[digit_of_1], 1u);
    }
    workgroupBarrier();
    if lane < 16u {
        let t_1 = atomicLoad(&digit_counts[lane]);
        tile_counts[min(lane * sort.tile_count + tile.x, arrayLength(&tile_counts) - 1u)] = t_1;
    }
}

@compute @workgroup_size(256, 1, 1)
fn scan_counts(@builtin(local_invocation_index) lane: u32) {
    let total = 16u * sort.tile_count;
    var v: u32 = 0u;
    var carry: u32 = 0u;
    var base: u32 = 0u;
    loop {
        if !(v < 4096u) {
            break;
        }
        if !(base < total) {
            break;
        }
        let index = base + lane;
        var value: u32 = 0u;
        if index < total {
            let t = tile_counts[min(index, arrayLength(&tile_counts) - 1u)];
            value = t;
        }
        scan_scratch[lane] = value;
        workgroupBarrier();
        var v_1: u32 = 0u;
        var offset: u32 = 1u;
        loop {
            if !(v_1 < 8u) {
                break;
            }
            if !(offset < 256u) {
                break;
            }
            var addend: u32 = 0u;
            if lane >= offset {
                let t_1 = scan_scratch[lane - offset];
                addend = t_1;
            }
            workgroupBarrier();
            let t_2 = scan_scratch[lane];
            scan_scratch[lane] = t_2 + addend;
            workgroupBarrier();
            let offset_1 = offset << 1u;
            v_1 = v_1 + 1u;
            offset = offset_1;
        }
        if index < total {
            let t_3 = scan_scratch[lane];
            tile_counts[min(index, arrayLength(&tile_counts) - 1u)] = carry + t_3 - value;
        }
        let chunk_total = scan_scratch[255u];
        workgroupBarrier();
        let carry_1 = carry + chunk_total;
        let base_1 = base + 256u;
        v = v + 1u;
        carry = carry_1;
        base = base_1;
    }
}

@compute @workgroup_size(256, 1, 1)
fn scatter(@builtin(local_invocation_index) lane: u32, @builtin(workgroup_id) tile: vec3u) {
    let index = tile.x * 256u + lane;
    let valid = index < sort.count;
    var key: u32 = 0u;
    if valid {
        let t = keys_in[min(index, arrayLength(&keys_in) - 1u)];
        key = t;
    }
    var digit: u32 = 16u;
    if valid {
        let digit_of_1 = digit_of(key);
        digit = digit_of_1;
    }
    tile_digits[lane] = digit;
    workgroupBarrier();
    if !valid {
        return;
    }
    var j: i32 = 0i;
    var v: u32 = 255u;
    var v_1: bool = true;
    var rank: u32 = 0u;
    var rank_1: u32;
    loop {
        if !v_1 {
            rank_1 = rank;
            break;
        }
        if u32(j) >= lane {
            rank_1 = rank;
            break;
        }
        let t_1 = tile_digits[j];
        var rank_2: u32 = rank;
        if t_1 == digit {
            rank_2 = rank + 1u;
        }
        let next_v = v != 0u;
        j = j + 1i;
        v = v - 1u;
        v_1 = next_v;
        rank = rank_2;
    }
    let t_2 = tile_counts[min(digit * sort.tile_count + tile.x, arrayLength(&tile_counts) - 1u)];
    let destination = t_2 + rank_1;
    keys_out[min(destination, arrayLength(&keys_out) - 1u)] = key;
    let t_3 = values_in[min(index, arrayLength(&values_in) - 1u)];
    values_out[min(destination, arrayLength(&values_out) - 1u)] = t_3;
}

@compute @workgroup_size(256, 1, 1)
fn sort_tile(@builtin(local_invocation_index) lane: u32) {
    let valid = lane < sort.count;
    var v: u32 = 4294967295u;
    if valid {
        let t = keys_in[min(lane, arrayLength(&keys_in) - 1u)];
        v = t;
    }
    local_keys[lane] = v;
    var v_1: u32 = 0u;
    if valid {
        let t_1 = values_in[min(lane, arrayLength(&values_in) - 1u)];
        v_1 = t_1;
    }
    local_values[lane] = v_1;
    workgroupBarrier();
    var pass_: i32 = 0i;
    var v_2: u32 = 7u;
    var v_3: bool = true;
    loop {
        if !v_3 {
            break;
        }
        let shift = u32(pass_ * 4i);
        let key = local_keys[lane];
        let value = local_values[lane];
        let digit = (key >> shift) & 15u;
        tile_digits[lane] = digit;
        workgroupBarrier();
        var j: i32 = 0i;
        var v_4: u32 = 255u;
        var v_5: bool = true;
        var position: u32 = 0u;
        var position_1: u32;
        loop {
            if !v_5 {
                position_1 = position;
                break;
            }
            let other = tile_digits[j];
            var position_2: u32 = position;
            if other < digit || (other == digit && u32(j) < lane) {
                position_2 = position + 1u;
            }
            let next_v = v_4 != 0u;
            j = j + 1i;
            v_4 = v_4 - 1u;
            v_5 = next_v;
            position = position_2;
        }
        workgroupBarrier();
        local_keys[position_1] = key;
        local_values[position_1] = value;
        workgroupBarrier();
        let next_v_1 = v_2 != 0u;
        pass_ = pass_ + 1i;
        v_2 = v_2 - 1u;
        v_3 = next_v_1;
    }
    if valid {
        let t_2 = local_keys[lane];
        keys_out[min(lane, arrayLength(&keys_out) - 1u)] = t_2;
        let t_3 = local_values[lane];
        values_out[min(lane, arrayLength(&values_out) - 1u)] = t_3;
    }
}
