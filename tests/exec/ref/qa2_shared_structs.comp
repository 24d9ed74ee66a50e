#version 450
layout(local_size_x = 16) in;
struct Particle { vec3 pos; float mass; int hist[4]; };
struct Tally { uint count; int maxv; uint cells[16]; };
shared Particle parts[16];
shared Tally tally;
shared ivec2 grid[4][4];
layout(set = 0, binding = 0, std430) readonly buffer B0 { int ins[]; };
layout(set = 0, binding = 1, std430) buffer B1 { Particle out_p[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int out_i[]; };
void main() {
    uint lid = gl_LocalInvocationIndex;
    int i = int(lid);
    int v = ins[i];
    if (lid == 0u) { atomicExchange(tally.count, 0u); atomicExchange(tally.maxv, -1000); }
    atomicExchange(tally.cells[lid], 0u);
    parts[i] = Particle(vec3(float(v), float(i), 0.0), 1.0, int[4](v, v * 2, v * 3, v * 4));
    grid[i / 4][i % 4] = ivec2(v, -v);
    barrier();
    Particle nb = parts[(i + 1) % 16];
    nb.hist[i % 4] += 100;
    nb.mass = -1.0;
    atomicAdd(tally.count, 1u);
    atomicMax(tally.maxv, v);
    atomicAdd(tally.cells[uint(v) % 16u], 1u);
    barrier();
    parts[i].hist[(i + 1) % 4] = nb.hist[i % 4];
    parts[i].pos.z = nb.pos.x;
    parts[i].mass += nb.mass * 0.5;
    ivec2 g = grid[3 - i / 4][3 - i % 4];
    barrier();
    out_p[i] = parts[i];
    out_i[i] = g.x * 100 + g.y + int(atomicAdd(tally.cells[lid], 0u)) * 10000;
    if (lid == 0u) { out_i[16] = int(atomicAdd(tally.count, 0u)); out_i[17] = atomicAdd(tally.maxv, 0); }
}
