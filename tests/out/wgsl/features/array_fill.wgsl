struct Particle {
    position: vec3f,
    life: f32,
}

@group(0) @binding(0) var<storage, read> seeds: array<f32>;
@group(0) @binding(1) var<storage, read_write> hits: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read_write> results: array<vec4f>;

fn next_seed(i: u32) -> f32 {
    atomicAdd(&hits[min(i, arrayLength(&hits) - 1u)], 1u);
    let t = seeds[min(i, arrayLength(&seeds) - 1u)];
    return t * 0.5f;
}

fn average(values: array<f32, 4>) -> f32 {
    return (values[0] + values[1] + values[2] + values[3]) * 0.25f;
}

@compute @workgroup_size(64, 1, 1)
fn simulate(@builtin(global_invocation_id) gid: vec3u) {
    var neighbours: array<i32, 8>;
    let i = gid.x;
    neighbours = array<i32, 8>(-1i, -1i, -1i, -1i, -1i, -1i, -1i, -1i);
    neighbours[i % 8u] = i32(i);
    let t = seeds[min(i, arrayLength(&seeds) - 1u)];
    let t_1 = Particle(vec3f(t), 1.0f);
    let spawn = array<Particle, 4>(t_1, t_1, t_1, t_1);
    var t_2: Particle = t_1;
    t_2.life = 0.5f;
    var spawn_1: array<Particle, 4> = spawn;
    spawn_1[1] = t_2;
    let next_seed_1 = next_seed(i);
    let samples = array<f32, 4>(next_seed_1, next_seed_1, next_seed_1, next_seed_1);
    var samples_1: array<f32, 4> = samples;
    samples_1[3] = 2.0f;
    let t_3 = seeds[min(i, arrayLength(&seeds) - 1u)];
    let t_4 = vec2f(t_3, 0.0f);
    let t_5 = array<vec2f, 4>(t_4, t_4, t_4, t_4);
    let tile = array<array<vec2f, 4>, 4>(t_5, t_5, t_5, t_5);
    var t_6: array<vec2f, 4> = t_5;
    t_6[1] = vec2f(1.0f);
    var tile_1: array<array<vec2f, 4>, 4> = tile;
    tile_1[2] = t_6;
    let t_7 = neighbours[0u];
    let t_8 = neighbours[7u];
    let average_1 = average(samples_1);
    results[min(i, arrayLength(&results) - 1u)] = vec4f(f32(t_7 + t_8) + spawn_1[1].life + spawn_1[0].position.x, average_1, tile_1[2][1].x + tile_1[3][3].x, 1.0f);
}
