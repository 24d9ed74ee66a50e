#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, std430) buffer B0 { uint out_v[32]; };
layout(set = 0, binding = 1, std430) buffer B1 { uint scratch_buf[8]; };
shared uint scratch[8];
shared uint cell;
void main() {
    uint i = gl_LocalInvocationIndex;
    uint next = (i + 1u) % 8u;
    scratch[i] = 100u + i;
    barrier();
    scratch[next] = 200u + i;
    barrier();
    out_v[i] = scratch[i];
    scratch[i] = 300u + i;
    barrier();
    scratch[next] = 400u + i;
    barrier();
    out_v[8u + i] = scratch[i];
    scratch_buf[i] = 500u + i;
    memoryBarrierBuffer();
    barrier();
    scratch_buf[next] = 600u + i;
    memoryBarrierBuffer();
    barrier();
    out_v[16u + i] = scratch_buf[i];
    if (i == 0u) cell = 7u;
    barrier();
    uint before = cell;
    barrier();
    if (i == 7u) cell = 9u;
    barrier();
    out_v[24u + i] = before * 10u + cell;
}
