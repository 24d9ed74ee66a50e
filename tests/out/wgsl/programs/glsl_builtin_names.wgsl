@group(0) @binding(0) var<storage, read_write> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> counts: array<u32>;

fn subgroupAdd_(x: f32) -> f32 {
    return x + 1.0f;
}

fn subgroupBroadcastFirst_(x: f32) -> f32 {
    return x * 2.0f;
}

fn subgroupMax_(x: u32) -> u32 {
    return x + 3u;
}

fn subgroupElect_() -> bool {
    return true;
}

fn clockARB() -> u32 {
    return 7u;
}

@compute @workgroup_size(4, 1, 1)
fn main(@builtin(local_invocation_index) li: u32) {
    let t = values[min(li, arrayLength(&values) - 1u)];
    let subgroupAdd_1 = subgroupAdd_(t);
    let v = subgroupBroadcastFirst_(subgroupAdd_1);
    values[min(li, arrayLength(&values) - 1u)] = v;
    let subgroupElect_1 = subgroupElect_();
    if subgroupElect_1 {
        let subgroupMax_1 = subgroupMax_(li);
        let clockARB_1 = clockARB();
        counts[min(li, arrayLength(&counts) - 1u)] = subgroupMax_1 + clockARB_1;
    }
}
