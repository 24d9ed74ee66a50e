#version 450
layout(local_size_x = 1) in;
struct Particle { vec3 pos; float mass; vec2 vel; uint id; };
layout(set = 0, binding = 0, std430) readonly buffer B0 {
    vec3 gravity; uint count; float weights[3]; vec3 offsets[2]; mat3 basis; mat2 flat_; float tail_start; Particle particles[];
} world_in;
layout(set = 0, binding = 1, std430) buffer B1 {
    vec3 gravity; uint count; float weights[3]; vec3 offsets[2]; mat3 basis; mat2 flat_; float tail_start; Particle particles[];
} world_out;
void main() {
    int n = world_in.particles.length();
    world_out.gravity = world_in.gravity * 2.0;
    world_out.count = uint(n);
    for (int i = 0; i <= 2; i++) world_out.weights[i] = world_in.weights[2 - i];
    world_out.offsets[0] = world_in.offsets[1]; world_out.offsets[1] = world_in.offsets[0];
    world_out.basis = transpose(world_in.basis);
    world_out.flat_ = world_in.flat_ * 2.0;
    world_out.tail_start = world_in.tail_start;
    for (int i = 0; i <= n - 1; i++) {
        Particle p = world_in.particles[i];
        p.pos += vec3(p.vel, 0.0) * p.mass; p.id += 100u;
        world_out.particles[i] = p;
    }
}
