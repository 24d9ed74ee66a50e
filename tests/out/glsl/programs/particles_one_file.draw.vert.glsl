#version 450

struct Particle {
    vec3 position;
    float age;
    vec3 velocity;
    float lifetime;
};

layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform sim_block {
    vec3 gravity;
    float dt;
    mat4 view_proj;
    uint count;
    float point_size;
    vec2 _pad;
} sim;
layout(set = 0, binding = 1, std430) readonly buffer particles_block {
    Particle particles[];
};
layout(set = 0, binding = 2, std430) readonly buffer alive_block {
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
    Particle p = particle(uint(gl_VertexIndex));
    uint t = alive[min(min(uint(gl_VertexIndex), sim.count - 1u), uint(alive.length()) - 1u)];
    float shown = 0.0;
    if (t != 0u) {
        float fading_1 = fading(uint(gl_VertexIndex));
        shown = fading_1;
    }
    gl_Position = sim.view_proj * vec4(p.position, 1.0);
    color = vec4(vec3(1.0, 0.6, 0.2) * shown, shown);
}
