#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std140) uniform U0 { uint count; uint pad; } params;
layout(set = 0, binding = 1, std430) readonly buffer B1 { uint input_[]; };
layout(set = 0, binding = 2, std430) buffer B2 { uint exclusive_[]; };
layout(set = 0, binding = 3, std430) buffer B3 { uint inclusive_[]; };
shared uint scratch[64];
void main() {
    uint lane = gl_LocalInvocationIndex;
    uint carry = 0u;
    for (uint base = 0u; base < params.count; base += 64u) {
        uint index = base + lane;
        uint value = index < params.count ? input_[index] : 0u;
        scratch[lane] = value;
        barrier();
        for (uint offset = 1u; offset < 64u; offset <<= 1) {
            uint addend = lane >= offset ? scratch[lane - offset] : 0u;
            barrier();
            scratch[lane] += addend;
            barrier();
        }
        if (index < params.count) {
            inclusive_[index] = carry + scratch[lane];
            exclusive_[index] = carry + scratch[lane] - value;
        }
        uint total = scratch[63];
        barrier();
        carry += total;
    }
}
