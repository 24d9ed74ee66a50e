struct Partial {
    sum: vec4f,
    count: u32,
}

struct ComputeIn {
    local_id: vec3u,
    local_index: u32,
    global_id: vec3u,
    group_id: vec3u,
}

@group(0) @binding(0) var<storage, read_write> output: array<vec4u>;
@group(0) @binding(1) var<storage, read_write> partials: array<Partial>;
var<workgroup> counter: u32;
var<workgroup> grid: array<array<array<u32, 2>, 4>, 4>;
var<workgroup> partial: Partial;
var<workgroup> flags: array<bool, 64>;

@compute @workgroup_size(4, 4, 2)
fn compute_builtins(@builtin(local_invocation_id) local_id: vec3u, @builtin(local_invocation_index) local_index: u32, @builtin(global_invocation_id) global_id: vec3u, @builtin(workgroup_id) group_id: vec3u) {
    let input = ComputeIn(local_id, local_index, global_id, group_id);
    let l = input.local_id;
    grid[l.x][l.y][l.z] = input.local_index;
    flags[input.local_index] = (input.local_index & 1u) == 0u;
    if input.local_index == 0u {
        counter = 0u;
        partial = Partial(vec4f(0.0f), 0u);
    }
    workgroupBarrier();
    let neighbour = grid[(l.x + 1u) % 4u][l.y][l.z];
    let even = flags[input.local_index];
    if input.local_index == 0u {
        counter = input.group_id.x + input.group_id.y + input.group_id.z;
        let counter_1 = counter;
        partial.count = counter_1;
        partial.sum.x = f32(neighbour);
    }
    storageBarrier();
    workgroupBarrier();
    let g = input.global_id;
    let counter_2 = counter;
    let count = partial.count;
    output[min(g.x + g.y * 16u + g.z * 256u, arrayLength(&output) - 1u)] = vec4u(neighbour, counter_2, count, u32(even));
    if input.local_index == 0u {
        let partial_1 = partial;
        partials[min(input.group_id.x, arrayLength(&partials) - 1u)] = partial_1;
    }
}
