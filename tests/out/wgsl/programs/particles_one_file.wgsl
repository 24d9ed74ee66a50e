struct Sim {
    gravity: vec3f,
    dt: f32,
    view_proj: mat4x4f,
    count: u32,
    point_size: f32,
    _pad: vec2f,
}

struct Particle {
    position: vec3f,
    age: f32,
    velocity: vec3f,
    lifetime: f32,
}

struct DrawOutput {
    @builtin(position) clip: vec4f,
    @location(0) color: vec4f,
}

@group(0) @binding(0) var<uniform> sim: Sim;
@group(0) @binding(1) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(1) var<storage, read> particles_read: array<Particle>;
@group(0) @binding(2) var<storage, read_write> alive: array<u32>;
@group(0) @binding(2) var<storage, read> alive_read: array<u32>;

fn particle(i: u32) -> Particle {
    let t = particles[min(min(i, sim.count - 1u), arrayLength(&particles) - 1u)];
    return t;
}

fn life(p: Particle) -> f32 {
    return clamp(p.age / max(p.lifetime, 0.0001f), 0.0f, 1.0f);
}

fn fading(i: u32) -> f32 {
    let p = particle(i);
    let life_1 = life(p);
    let life_2 = life(p);
    return 1.0f - life_1 * life_2;
}

fn particle_1(i: u32) -> Particle {
    let t = particles_read[min(min(i, sim.count - 1u), arrayLength(&particles_read) - 1u)];
    return t;
}

fn fading_1(i: u32) -> f32 {
    let p = particle_1(i);
    let life_1 = life(p);
    let life_2 = life(p);
    return 1.0f - life_1 * life_2;
}

@compute @workgroup_size(64, 1, 1)
fn integrate(@builtin(global_invocation_id) gid: vec3u) {
    let i = gid.x;
    if i >= sim.count {
        return;
    }
    let p = particle(i);
    let fading_2 = fading(i);
    if fading_2 <= 0.0f {
        alive[min(i, arrayLength(&alive) - 1u)] = 0u;
        return;
    }
    var p_1: Particle = p;
    p_1.velocity = p.velocity + sim.gravity * sim.dt;
    var p_2: Particle = p_1;
    p_2.position = p_1.position + p_1.velocity * sim.dt;
    var p_3: Particle = p_2;
    p_3.age = p_2.age + sim.dt;
    particles[min(i, arrayLength(&particles) - 1u)] = p_3;
    alive[min(i, arrayLength(&alive) - 1u)] = 1u;
}

@vertex
fn draw(@builtin(vertex_index) vi: u32) -> DrawOutput {
    let p = particle_1(vi);
    let t = alive_read[min(min(vi, sim.count - 1u), arrayLength(&alive_read) - 1u)];
    var shown: f32 = 0.0f;
    if t != 0u {
        let fading_2 = fading_1(vi);
        shown = fading_2;
    }
    return DrawOutput(sim.view_proj * vec4f(p.position, 1.0f), vec4f(vec3f(1.0f, 0.6f, 0.2f) * shown, shown));
}

@fragment
fn glow(@location(0) color: vec4f) -> @location(0) vec4f {
    return color;
}
