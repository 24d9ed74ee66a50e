#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

struct Particle {
    vec4 position;
    vec4 velocity;
};

layout(push_constant, std430) uniform sim_block {
    vec4 gravity;
    float delta_time;
    float drag;
    float spawn_height;
    uint seed;
} sim;
layout(set = 0, binding = 0, std430) buffer particles_block {
    Particle particles[];
};

uint hash(uint x) {
    uint h = x * 747796405u + 2891336453u;
    uint h_1 = ((h >> (((h >> 28u) + 4u) & 31u)) ^ h) * 277803737u;
    return (h_1 >> 22u) ^ h_1;
}

float random01(uint seed) {
    uint hash_1 = hash(seed);
    return float(hash_1) / 4294967300.0;
}

void main() {
    uint index = gl_GlobalInvocationID.x;
    uint t = uint(particles.length());
    if (index >= uint(int(t))) {
        return;
    }
    Particle p = particles[min(index, uint(particles.length()) - 1u)];
    vec4 gravity = sim.gravity;
    vec4 t_1 = p.velocity;
    vec3 t_2 = t_1.xyz + gravity.xyz * sim.delta_time;
    Particle p_1 = p;
    p_1.velocity = vec4(t_2, t_1.w);
    vec4 t_3 = p_1.velocity;
    vec3 t_4 = t_3.xyz * (1.0 - sim.drag * sim.delta_time);
    Particle p_2 = p_1;
    p_2.velocity = vec4(t_4, t_3.w);
    vec4 t_5 = p_2.velocity;
    vec4 t_6 = p_2.position;
    vec3 t_7 = t_6.xyz + t_5.xyz * sim.delta_time;
    Particle p_3 = p_2;
    p_3.position = vec4(t_7, t_6.w);
    vec4 t_8 = p_3.position;
    vec4 t_9 = t_8;
    t_9.w = t_8.w - sim.delta_time;
    Particle p_4 = p_3;
    p_4.position = t_9;
    Particle p_5;
    if (p_4.position.w <= 0.0) {
        uint s = sim.seed ^ (index * 3u);
        float random01_1 = random01(s);
        float random01_2 = random01(s + 1u);
        float random01_3 = random01(s + 2u);
        Particle p_6 = p_4;
        p_6.position = vec4(random01_1 * 2.0 - 1.0, sim.spawn_height, random01_2 * 2.0 - 1.0, 2.0 + random01_3);
        Particle p_7 = p_6;
        p_7.velocity = vec4(0.0, 0.0, 0.0, p_6.velocity.w);
        p_5 = p_7;
    } else {
        p_5 = p_4;
    }
    particles[min(index, uint(particles.length()) - 1u)] = p_5;
}
