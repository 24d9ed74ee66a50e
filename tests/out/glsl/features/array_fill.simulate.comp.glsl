#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

struct Particle {
    vec3 position;
    float life;
};

layout(set = 0, binding = 0, std430) readonly buffer seeds_block {
    float seeds[];
};
layout(set = 0, binding = 1, std430) buffer hits_block {
    uint hits[];
};
layout(set = 0, binding = 2, std430) buffer results_block {
    vec4 results[];
};

float next_seed(uint i) {
    atomicAdd(hits[min(i, uint(hits.length()) - 1u)], 1u);
    float t = seeds[min(i, uint(seeds.length()) - 1u)];
    return t * 0.5;
}

float average(float values[4]) {
    return (values[0] + values[1] + values[2] + values[3]) * 0.25;
}

void main() {
    int neighbours[8] = int[8](0, 0, 0, 0, 0, 0, 0, 0);
    uint i = gl_GlobalInvocationID.x;
    neighbours = int[8](-1, -1, -1, -1, -1, -1, -1, -1);
    neighbours[min(i % 8u, 7u)] = int(i);
    float t = seeds[min(i, uint(seeds.length()) - 1u)];
    Particle t_1 = Particle(vec3(t), 1.0);
    Particle spawn[4] = Particle[4](t_1, t_1, t_1, t_1);
    Particle t_2 = t_1;
    t_2.life = 0.5;
    Particle spawn_1[4] = spawn;
    spawn_1[1] = t_2;
    float next_seed_1 = next_seed(i);
    float samples[4] = float[4](next_seed_1, next_seed_1, next_seed_1, next_seed_1);
    float samples_1[4] = samples;
    samples_1[3] = 2.0;
    float t_3 = seeds[min(i, uint(seeds.length()) - 1u)];
    vec2 t_4 = vec2(t_3, 0.0);
    vec2 t_5[4] = vec2[4](t_4, t_4, t_4, t_4);
    vec2 tile[4][4] = vec2[4][4](t_5, t_5, t_5, t_5);
    vec2 t_6[4] = t_5;
    t_6[1] = vec2(1.0);
    vec2 tile_1[4][4] = tile;
    tile_1[2] = t_6;
    int t_7 = neighbours[0u];
    int t_8 = neighbours[7u];
    float average_1 = average(samples_1);
    results[min(i, uint(results.length()) - 1u)] = vec4(float(t_7 + t_8) + spawn_1[1].life + spawn_1[0].position.x, average_1, tile_1[2][1].x + tile_1[3][3].x, 1.0);
}
