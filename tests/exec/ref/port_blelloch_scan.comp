#version 450
layout(local_size_x = 32) in;
layout(set = 0, binding = 0, std430) buffer B0 { uint data_[]; };
layout(set = 0, binding = 1, std430) buffer B1 { uint sums[]; };
shared uint temp[64];
void main() {
    uint t = gl_LocalInvocationID.x;
    uint base = gl_WorkGroupID.x * 64u;
    temp[2u * t] = data_[base + 2u * t];
    temp[2u * t + 1u] = data_[base + 2u * t + 1u];
    uint offset = 1u;
    for (uint d = 32u; d > 0u; d >>= 1u) {
        barrier();
        if (t < d) {
            uint ai = offset * (2u * t + 1u) - 1u;
            uint bi = offset * (2u * t + 2u) - 1u;
            temp[bi] += temp[ai];
        }
        offset *= 2u;
    }
    if (t == 0u) {
        sums[gl_WorkGroupID.x] = temp[63];
        temp[63] = 0u;
    }
    for (uint d = 1u; d < 64u; d *= 2u) {
        offset >>= 1u;
        barrier();
        if (t < d) {
            uint ai = offset * (2u * t + 1u) - 1u;
            uint bi = offset * (2u * t + 2u) - 1u;
            uint tv = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += tv;
        }
    }
    barrier();
    data_[base + 2u * t] = temp[2u * t];
    data_[base + 2u * t + 1u] = temp[2u * t + 1u];
}
