#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 4, std430) buffer counters_block {
    uint alive;
    uint dead;
    int emitted;
    int max_depth;
} counters;
layout(set = 0, binding = 6, std430) buffer draw_block {
    uint vertex_count;
    uint instance_count;
    uint first_vertex;
    uint first_instance;
} draw;

void main() {
    draw.vertex_count = 6u;
    uint t = atomicAdd(counters.alive, 0u);
    draw.instance_count = t;
    draw.first_vertex = 0u;
    draw.first_instance = 0u;
    atomicExchange(counters.alive, 0u);
}
