struct Big {
    values: array<f32, 100>,
    grid: array<array<i32, 10>, 10>,
}

@group(0) @binding(0) var<storage, read_write> data: array<Big>;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(4, 1, 1)
fn big_arrays(@builtin(global_invocation_id) gid: vec3u) {
    var values: array<f32, 100>;
    var grid: array<array<i32, 10>, 10>;
    let values_1 = data[min(0u, arrayLength(&data) - 1u)].values;
    values = values_1;
    let grid_1 = data[min(0u, arrayLength(&data) - 1u)].grid;
    grid = grid_1;
    values[gid.x % 100u] = f32(gid.x) + 0.5f;
    grid[gid.x % 10u][(gid.x + 3u) % 10u] = i32(gid.x) * 3i;
    let values_2 = values;
    data[min(1u, arrayLength(&data) - 1u)].values = values_2;
    let grid_2 = grid;
    data[min(1u, arrayLength(&data) - 1u)].grid = grid_2;
    let t = values[(gid.x + 1u) % 100u];
    let t_1 = grid[1u][2u];
    out[min(gid.x, arrayLength(&out) - 1u)] = t + f32(t_1);
}
