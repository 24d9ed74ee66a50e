#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer B0 { uint total; uint winners; uint lock_; uint max_id; uint min_id; uint bits; uint mask; int toggles; int signed_total; } counters;
layout(set = 0, binding = 1, std430) buffer B1 { uint hits[]; };
layout(set = 0, binding = 2, std430) buffer B2 { uint slots[]; };
layout(set = 0, binding = 3, std430) buffer B3 { uint cas_slots[]; };
layout(set = 0, binding = 4, std430) buffer B4 { uint stores[]; };
layout(set = 0, binding = 5, std430) buffer B5 { uint olds[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint ticket = atomicAdd(counters.total, 1u);
    hits[ticket] = 1u;
    atomicMax(counters.max_id, i); atomicMin(counters.min_id, i);
    atomicOr(counters.bits, 1u << (i & 31u)); atomicAnd(counters.mask, ~(1u << (i % 16u)));
    atomicXor(counters.toggles, 1); atomicAdd(counters.signed_total, -int(i));
    if (atomicCompSwap(counters.lock_, 0u, i + 1u) == 0u) atomicAdd(counters.winners, 1u);
    olds[3u * i] = atomicExchange(slots[i], i + 1000u);
    olds[3u * i + 1u] = atomicCompSwap(cas_slots[i], i, 7u);
    olds[3u * i + 2u] = atomicAdd(cas_slots[i], 0u);
    atomicExchange(stores[i], i * 3u);
}
