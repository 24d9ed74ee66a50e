struct Partial {
    sum: vec4f,
    count: u32,
}

@group(0) @binding(0) var<storage, read_write> output: array<vec4u>;
@group(0) @binding(1) var<storage, read_write> partials: array<Partial>;
var<workgroup> counter: u32;
var<workgroup> grid: array<array<array<u32, 2>, 4>, 4>;
var<workgroup> partial: Partial;
var<workgroup> flags: array<bool, 64>;

@compute @workgroup_size(4, 4, 2)
fn compute_builtins(@builtin(local_invocation_id) local_id: vec3u, @builtin(local_invocation_index) local_index: u32, @builtin(global_invocation_id) global_id: vec3u, @builtin(workgroup_id) group_id: vec3u) {
    grid[local_id.x][local_id.y][local_id.z] = local_index;
    flags[local_index] = (local_index & 1u) == 0u;
    if local_index == 0u {
        counter = 0u;
        partial = Partial(vec4f(0.0f), 0u);
    }
    workgroupBarrier();
    let neighbour = grid[(local_id.x + 1u) % 4u][local_id.y][local_id.z];
    let even = flags[local_index];
    if local_index == 0u {
        counter = group_id.x + group_id.y + group_id.z;
        let counter_1 = counter;
        partial.count = counter_1;
        partial.sum.x = f32(neighbour);
    }
    storageBarrier();
    workgroupBarrier();
    let counter_2 = counter;
    let count = partial.count;
    output[min(global_id.x + global_id.y * 16u + global_id.z * 256u, arrayLength(&output) - 1u)] = vec4u(neighbour, counter_2, count, u32(even));
    if local_index == 0u {
        let partial_1 = partial;
        partials[min(group_id.x, arrayLength(&partials) - 1u)] = partial_1;
    }
}
