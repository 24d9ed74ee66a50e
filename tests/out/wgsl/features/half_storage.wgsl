enable f16;

struct Particle {
    pos: vec3h,
    life: f16,
    vel: vec2h,
    id: u32,
    basis: mat2x2h,
}

@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(1) var<storage, read> weights: array<f16>;

@compute @workgroup_size(64, 1, 1)
fn integrate(@builtin(global_invocation_id) gid: vec3u) {
    let i = gid.x;
    let t = arrayLength(&particles);
    if i >= u32(i32(t)) {
        return;
    }
    let t_1 = arrayLength(&weights);
    let w = weights[min(i % u32(i32(t_1)), arrayLength(&weights) - 1u)];
    let vel = particles[min(i, arrayLength(&particles) - 1u)].vel;
    let pos = particles[min(i, arrayLength(&particles) - 1u)].pos;
    particles[min(i, arrayLength(&particles) - 1u)].pos = pos + vec3h(vel * 0.01600647h * w, 0.0h);
    let life = particles[min(i, arrayLength(&particles) - 1u)].life;
    particles[min(i, arrayLength(&particles) - 1u)].life = max(life - 0.01600647h, 0.0h);
    let basis = particles[min(i, arrayLength(&particles) - 1u)].basis;
    particles[min(i, arrayLength(&particles) - 1u)].basis = basis * w;
    let pos_1 = particles[min(i, arrayLength(&particles) - 1u)].pos;
    if any((bitcast<vec3u>(vec3f(pos_1)) & vec3u(0x7fffffffu)) > vec3u(0x7f800000u)) {
        particles[min(i, arrayLength(&particles) - 1u)].pos = vec3h(0.0h);
    }
}
