struct Sim {
    gravity: vec3f,
    dt: f32,
    wind: vec3f,
    drag: f32,
}

struct Particle {
    position: vec3f,
    age: f32,
    velocity: vec3f,
    lifetime: f32,
    color: vec4f,
    size: vec2f,
    flags: u32,
}

struct Counters {
    alive: atomic<u32>,
    dead: atomic<u32>,
    emitted: atomic<i32>,
    max_depth: atomic<i32>,
}

struct DrawArgs {
    vertex_count: u32,
    instance_count: u32,
    first_vertex: u32,
    first_instance: u32,
}

@group(0) @binding(0) var<uniform> sim: Sim;
@group(0) @binding(1) var noise_tex: texture_3d<f32>;
@group(0) @binding(2) var noise_samp: sampler;
@group(0) @binding(3) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(4) var<storage, read_write> counters: Counters;
@group(0) @binding(5) var<storage, read_write> dead_list: array<u32>;
@group(0) @binding(6) var<storage, read_write> draw: DrawArgs;
@group(0) @binding(7) var<storage, read_write> alive_list: array<u32>;

@compute @workgroup_size(64, 1, 1)
fn update(@builtin(global_invocation_id) gid: vec3u) {
    let i = gid.x;
    let t = arrayLength(&particles);
    if i >= u32(i32(t)) {
        return;
    }
    let p = particles[min(i, arrayLength(&particles) - 1u)];
    if (p.flags & 1u) == 0u {
        return;
    }
    var p_1: Particle = p;
    p_1.age = p.age + sim.dt;
    if p_1.age >= p_1.lifetime {
        var p_2: Particle = p_1;
        p_2.flags = p_1.flags & 4294967294u;
        particles[min(i, arrayLength(&particles) - 1u)].flags = p_2.flags;
        let slot = atomicAdd(&counters.dead, 1u);
        dead_list[min(slot, arrayLength(&dead_list) - 1u)] = i;
        atomicSub(&counters.emitted, 1i);
        return;
    }
    let texel = textureSampleLevel(noise_tex, noise_samp, p_1.position * 0.1f, 0.0f);
    let turb = texel.xyz * 2.0f - vec3f(1.0f);
    var p_3: Particle = p_1;
    p_3.velocity = p_1.velocity + (sim.gravity + sim.wind + turb) * sim.dt;
    var p_4: Particle = p_3;
    p_4.velocity = p_3.velocity * (1.0f - sim.drag * sim.dt);
    var p_5: Particle = p_4;
    p_5.position = p_4.position + p_4.velocity * sim.dt;
    var t_1: vec4f = p_5.color;
    t_1.w = 1.0f - p_5.age / p_5.lifetime;
    var p_6: Particle = p_5;
    p_6.color = t_1;
    var p_7: Particle = p_6;
    p_7.size = p_6.size * (1.0f + 0.1f * sim.dt);
    particles[min(i, arrayLength(&particles) - 1u)] = p_7;
    let idx = atomicAdd(&counters.alive, 1u);
    alive_list[min(idx, arrayLength(&alive_list) - 1u)] = i;
    atomicMax(&counters.max_depth, i32(p_7.position.z * 100.0f));
}

@compute @workgroup_size(1, 1, 1)
fn write_args() {
    draw.vertex_count = 6u;
    let t = atomicLoad(&counters.alive);
    draw.instance_count = t;
    draw.first_vertex = 0u;
    draw.first_instance = 0u;
    atomicStore(&counters.alive, 0u);
}
