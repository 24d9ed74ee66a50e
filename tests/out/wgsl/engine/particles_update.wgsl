struct SimParams {
    gravity: vec4f,
    delta_time: f32,
    drag: f32,
    spawn_height: f32,
    seed: u32,
}

struct Particle {
    position: vec4f,
    velocity: vec4f,
}

var<immediate> sim: SimParams;
@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;

fn hash(x: u32) -> u32 {
    let h = x * 747796405u + 2891336453u;
    let h_1 = ((h >> ((h >> 28u) + 4u)) ^ h) * 277803737u;
    return (h_1 >> 22u) ^ h_1;
}

fn random01(seed: u32) -> f32 {
    let hash_1 = hash(seed);
    return f32(hash_1) / 4294967300.0f;
}

@compute @workgroup_size(64, 1, 1)
fn update(@builtin(global_invocation_id) id: vec3u) {
    let index = id.x;
    let t = arrayLength(&particles);
    if index >= u32(i32(t)) {
        return;
    }
    let p = particles[min(index, arrayLength(&particles) - 1u)];
    let gravity = sim.gravity;
    let t_1 = p.velocity;
    let t_2 = t_1.xyz + gravity.xyz * sim.delta_time;
    var p_1: Particle = p;
    p_1.velocity = vec4f(t_2, t_1.w);
    let t_3 = p_1.velocity;
    let t_4 = t_3.xyz * (1.0f - sim.drag * sim.delta_time);
    var p_2: Particle = p_1;
    p_2.velocity = vec4f(t_4, t_3.w);
    let t_5 = p_2.velocity;
    let t_6 = p_2.position;
    let t_7 = t_6.xyz + t_5.xyz * sim.delta_time;
    var p_3: Particle = p_2;
    p_3.position = vec4f(t_7, t_6.w);
    let t_8 = p_3.position;
    var t_9: vec4f = t_8;
    t_9.w = t_8.w - sim.delta_time;
    var p_4: Particle = p_3;
    p_4.position = t_9;
    var p_5: Particle;
    if p_4.position.w <= 0.0f {
        let s = sim.seed ^ (index * 3u);
        let random01_1 = random01(s);
        let random01_2 = random01(s + 1u);
        let random01_3 = random01(s + 2u);
        var p_6: Particle = p_4;
        p_6.position = vec4f(random01_1 * 2.0f - 1.0f, sim.spawn_height, random01_2 * 2.0f - 1.0f, 2.0f + random01_3);
        var p_7: Particle = p_6;
        p_7.velocity = vec4f(0.0f, 0.0f, 0.0f, p_6.velocity.w);
        p_5 = p_7;
    } else {
        p_5 = p_4;
    }
    particles[min(index, arrayLength(&particles) - 1u)] = p_5;
}
