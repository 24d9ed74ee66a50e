#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer counters_block {
    uint total;
    int values[];
} counters;
layout(set = 0, binding = 1, std430) readonly buffer input_block {
    float input_[];
};
shared float tile[64];
shared int hits;

void main() {
    float x = input_[min(gl_GlobalInvocationID.x, uint(input_.length()) - 1u)];
    tile[min(gl_LocalInvocationIndex, 63u)] = x;
    memoryBarrierShared();
    barrier();
    float neighbour = tile[min(63u - gl_LocalInvocationIndex, 63u)];
    uint old = atomicAdd(counters.total, 1u);
    atomicMax(hits, 1);
    atomicCompSwap(hits, 7, 1);
    uint n = uint(counters.values.length());
    counters.values[min(old, uint(counters.values.length()) - 1u)] = int(neighbour);
    memoryBarrierShared();
    memoryBarrierBuffer();
    barrier();
    atomicExchange(counters.total, n);
    barrier();
    memoryBarrierBuffer();
    barrier();
}
