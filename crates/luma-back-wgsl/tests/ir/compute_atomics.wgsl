struct Counters {
    total: atomic<u32>,
    values: array<i32>,
}

@group(0) @binding(0) var<storage, read_write> counters: Counters;
@group(0) @binding(1) var<storage, read> input: array<f32>;
var<workgroup> tile: array<f32, 64>;
var<workgroup> hits: atomic<i32>;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(global_invocation_id) gid: vec3u) {
    let x = input[min(gid.x, arrayLength(&input) - 1u)];
    tile[lid] = x;
    workgroupBarrier();
    let neighbour = tile[63u - lid];
    let old = atomicAdd(&counters.total, 1u);
    atomicMax(&hits, 1i);
    var old_1: i32;
    loop {
        let exchange = atomicCompareExchangeWeak(&hits, 7i, 1i);
        old_1 = exchange.old_value;
        if exchange.exchanged || old_1 != 7i {
            break;
        }
    }
    let n = arrayLength(&counters.values);
    counters.values[min(old, arrayLength(&counters.values) - 1u)] = i32(neighbour);
    storageBarrier();
    workgroupBarrier();
    atomicStore(&counters.total, n);
    workgroupBarrier();
    storageBarrier();
}
