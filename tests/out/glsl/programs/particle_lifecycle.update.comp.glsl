#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

struct Particle {
    vec3 position;
    float age;
    vec3 velocity;
    float lifetime;
    vec4 color;
    vec2 size;
    uint flags;
};

layout(set = 0, binding = 0, std140) uniform sim_block {
    vec3 gravity;
    float dt;
    vec3 wind;
    float drag;
} sim;
layout(set = 0, binding = 1) uniform sampler3D noise;
layout(set = 0, binding = 3, std430) buffer particles_block {
    Particle particles[];
};
layout(set = 0, binding = 4, std430) buffer counters_block {
    uint alive;
    uint dead;
    int emitted;
    int max_depth;
} counters;
layout(set = 0, binding = 5, std430) buffer dead_list_block {
    uint dead_list[];
};
layout(set = 0, binding = 7, std430) buffer alive_list_block {
    uint alive_list[];
};

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint t = uint(particles.length());
    if (i >= uint(int(t))) {
        return;
    }
    Particle p = particles[min(i, uint(particles.length()) - 1u)];
    if ((p.flags & 1u) == 0u) {
        return;
    }
    Particle p_1 = p;
    p_1.age = p.age + sim.dt;
    if (p_1.age >= p_1.lifetime) {
        Particle p_2 = p_1;
        p_2.flags = p_1.flags & 4294967294u;
        particles[min(i, uint(particles.length()) - 1u)].flags = p_2.flags;
        uint slot = atomicAdd(counters.dead, 1u);
        dead_list[min(slot, uint(dead_list.length()) - 1u)] = i;
        atomicAdd(counters.emitted, -1);
        return;
    }
    vec4 texel = textureLod(noise, p_1.position * 0.1, 0.0);
    vec3 turb = texel.xyz * 2.0 - vec3(1.0);
    Particle p_3 = p_1;
    p_3.velocity = p_1.velocity + (sim.gravity + sim.wind + turb) * sim.dt;
    Particle p_4 = p_3;
    p_4.velocity = p_3.velocity * (1.0 - sim.drag * sim.dt);
    Particle p_5 = p_4;
    p_5.position = p_4.position + p_4.velocity * sim.dt;
    vec4 t_1 = p_5.color;
    t_1.w = 1.0 - p_5.age / p_5.lifetime;
    Particle p_6 = p_5;
    p_6.color = t_1;
    Particle p_7 = p_6;
    p_7.size = p_6.size * (1.0 + 0.1 * sim.dt);
    particles[min(i, uint(particles.length()) - 1u)] = p_7;
    uint idx = atomicAdd(counters.alive, 1u);
    alive_list[min(idx, uint(alive_list.length()) - 1u)] = i;
    atomicMax(counters.max_depth, int(p_7.position.z * 100.0));
}
