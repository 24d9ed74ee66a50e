struct Counters {
    total: atomic<u32>,
    signed_total: atomic<i32>,
    max_value: atomic<i32>,
    min_value: atomic<u32>,
    flags: atomic<u32>,
    lock: atomic<u32>,
    toggles: atomic<i32>,
    bins: array<atomic<i32>, 8>,
}

@group(0) @binding(0) var<storage, read_write> counters: Counters;
@group(0) @binding(1) var<storage, read_write> slots: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read> values: array<i32>;
@group(0) @binding(3) var<storage, read_write> old_values: array<u32>;
var<workgroup> local_sum: atomic<i32>;
var<workgroup> local_slots: array<atomic<u32>, 64>;

@compute @workgroup_size(64, 1, 1)
fn atomics(@builtin(local_invocation_index) lid: u32, @builtin(global_invocation_id) gid: vec3u) {
    if lid == 0u {
        atomicStore(&local_sum, 0i);
    }
    atomicStore(&local_slots[lid], lid);
    workgroupBarrier();
    let value = values[min(gid.x, arrayLength(&values) - 1u)];
    let old_total = atomicAdd(&counters.total, 1u);
    atomicSub(&counters.signed_total, value);
    atomicMax(&counters.max_value, value);
    atomicMin(&counters.min_value, u32(abs(value)));
    let old_flags = atomicOr(&counters.flags, 1u << (lid & 31u));
    atomicAnd(&counters.flags, ~(1u << ((lid + 1u) & 31u)));
    atomicXor(&counters.toggles, 1i);
    let previous = atomicExchange(&slots[min(gid.x, arrayLength(&slots) - 1u)], old_total);
    let t = gid.x + 1u;
    var won: u32;
    loop {
        let exchange = atomicCompareExchangeWeak(&counters.lock, 0u, t);
        won = exchange.old_value;
        if exchange.exchanged || won != 0u {
            break;
        }
    }
    atomicAdd(&counters.bins[min(u32(value & 7i), 7u)], 1i);
    atomicAdd(&local_sum, value);
    atomicMax(&local_slots[(lid + 1u) % 64u], previous);
    workgroupBarrier();
    storageBarrier();
    let sum = atomicLoad(&local_sum);
    let slot = atomicLoad(&local_slots[lid]);
    let t_1 = atomicLoad(&counters.total);
    old_values[min(gid.x, arrayLength(&old_values) - 1u)] = old_flags + won + slot + u32(sum) + t_1;
    if lid == 0u {
        atomicAdd(&counters.signed_total, sum);
    }
}
