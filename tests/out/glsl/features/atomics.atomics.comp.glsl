#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer counters_block {
    uint total;
    int signed_total;
    int max_value;
    uint min_value;
    uint flags;
    uint lock;
    int toggles;
    int bins[8];
} counters;
layout(set = 0, binding = 1, std430) buffer slots_block {
    uint slots[];
};
layout(set = 0, binding = 2, std430) readonly buffer values_block {
    int values[];
};
layout(set = 0, binding = 3, std430) buffer old_values_block {
    uint old_values[];
};
shared int local_sum;
shared uint local_slots[64];

void main() {
    if (gl_LocalInvocationIndex == 0u) {
        atomicExchange(local_sum, 0);
    }
    atomicExchange(local_slots[min(gl_LocalInvocationIndex, 63u)], gl_LocalInvocationIndex);
    memoryBarrierShared();
    barrier();
    int value = values[min(gl_GlobalInvocationID.x, uint(values.length()) - 1u)];
    uint old_total = atomicAdd(counters.total, 1u);
    atomicAdd(counters.signed_total, -value);
    atomicMax(counters.max_value, value);
    atomicMin(counters.min_value, uint(abs(value)));
    uint old_flags = atomicOr(counters.flags, 1u << (gl_LocalInvocationIndex & 31u));
    atomicAnd(counters.flags, ~(1u << ((gl_LocalInvocationIndex + 1u) & 31u)));
    atomicXor(counters.toggles, 1);
    uint previous = atomicExchange(slots[min(gl_GlobalInvocationID.x, uint(slots.length()) - 1u)], old_total);
    uint won = atomicCompSwap(counters.lock, 0u, gl_GlobalInvocationID.x + 1u);
    atomicAdd(counters.bins[min(uint(value & 7), 7u)], 1);
    atomicAdd(local_sum, value);
    atomicMax(local_slots[min((gl_LocalInvocationIndex + 1u) % 64u, 63u)], previous);
    memoryBarrierShared();
    barrier();
    memoryBarrierBuffer();
    barrier();
    int sum = atomicAdd(local_sum, 0);
    uint slot = atomicAdd(local_slots[min(gl_LocalInvocationIndex, 63u)], 0u);
    uint t = atomicAdd(counters.total, 0u);
    old_values[min(gl_GlobalInvocationID.x, uint(old_values.length()) - 1u)] = old_flags + won + slot + uint(sum) + t;
    if (gl_LocalInvocationIndex == 0u) {
        atomicAdd(counters.signed_total, sum);
    }
}
