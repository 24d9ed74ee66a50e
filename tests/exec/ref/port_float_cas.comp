#version 450
layout(local_size_x = 16) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float values_[]; };
layout(set = 0, binding = 1, std430) buffer B1 { uint sum_bits; uint min_bits; uint max_bits; uint visible; };
layout(set = 0, binding = 2, std430) buffer B2 { uint slots[]; };
shared uint acc_bits;
void main() {
    uint li = gl_LocalInvocationIndex;
    if (li == 0u) acc_bits = floatBitsToUint(0.0);
    barrier();
    float v = values_[gl_GlobalInvocationID.x];
    uint old = acc_bits;
    uint tries = 0u;
    for (int k = 0; k < 256; k++) {
        tries++;
        uint seen = atomicCompSwap(acc_bits, old, floatBitsToUint(uintBitsToFloat(old) + v));
        if (seen == old) break;
        old = seen;
    }
    atomicMin(min_bits, floatBitsToUint(v));
    atomicMax(max_bits, floatBitsToUint(v));
    if (v > 2.0) { uint slot = atomicAdd(visible, 1u); slots[slot] = gl_GlobalInvocationID.x; }
    barrier();
    if (li == 0u) {
        float part = uintBitsToFloat(acc_bits);
        uint o = sum_bits;
        for (int k = 0; k < 64; k++) {
            uint seen = atomicCompSwap(sum_bits, o, floatBitsToUint(uintBitsToFloat(o) + part));
            if (seen == o) break;
            o = seen;
        }
    }
    if (tries == 0u) slots[63] = 1u;
}
