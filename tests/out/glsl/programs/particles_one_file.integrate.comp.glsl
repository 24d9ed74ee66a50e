#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

struct Particle {
    vec3 position;
    float age;
    vec3 velocity;
    float lifetime;
};

layout(set = 0, binding = 0, std140) uniform sim_block {
    vec3 gravity;
    float dt;
    mat4 view_proj;
    uint count;
    float point_size;
    vec2 _pad;
} sim;
layout(set = 0, binding = 1, std430) buffer particles_block {
    Particle particles[];
};
layout(set = 0, binding = 2, std430) buffer alive_block {
    uint alive[];
};

Particle particle(uint i) {
    Particle t = particles[min(min(i, sim.count - 1u), uint(particles.length()) - 1u)];
    return t;
}

float life(Particle p) {
    return clamp(p.age / max(p.lifetime, 0.0001), 0.0, 1.0);
}

float fading(uint i) {
    Particle p = particle(i);
    float life_1 = life(p);
    float life_2 = life(p);
    return 1.0 - life_1 * life_2;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= sim.count) {
        return;
    }
    Particle p = particle(i);
    float fading_1 = fading(i);
    if (fading_1 <= 0.0) {
        alive[min(i, uint(alive.length()) - 1u)] = 0u;
        return;
    }
    Particle p_1 = p;
    p_1.velocity = p.velocity + sim.gravity * sim.dt;
    Particle p_2 = p_1;
    p_2.position = p_1.position + p_1.velocity * sim.dt;
    Particle p_3 = p_2;
    p_3.age = p_2.age + sim.dt;
    particles[min(i, uint(particles.length()) - 1u)] = p_3;
    alive[min(i, uint(alive.length()) - 1u)] = 1u;
}
