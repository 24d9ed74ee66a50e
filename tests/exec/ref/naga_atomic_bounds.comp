#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int params[]; };
layout(set = 0, binding = 1, std430) buffer B1 { uint rt[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int before; int arr[3]; int after; } fixed_;
layout(set = 0, binding = 3, std430) buffer B3 { uint outv[]; };
shared uint sh[4];
// Luma clamps an index as an unsigned number into the array.
uint cl(int i, uint n) { return min(uint(i), n - 1u); }
void main() {
    int far = params[0], neg = params[1], mid = params[2];
    uint n = uint(rt.length());
    for (int k = 0; k < 4; k++) sh[k] = 0u;
    barrier();
    atomicAdd(rt[cl(far, n)], 1u);
    atomicAdd(rt[cl(neg, n)], 10u);
    atomicMax(rt[cl(far * 1000, n)], 50u);
    int old = atomicExchange(fixed_.arr[cl(far, 3u)], 9);
    int old2 = atomicCompSwap(fixed_.arr[cl(neg, 3u)], 9, 11);
    atomicAdd(fixed_.arr[cl(mid, 3u)], -4);
    atomicMin(fixed_.arr[cl(mid - 100, 3u)], -3);
    atomicExchange(sh[cl(far + 2, 4u)], 5u);
    atomicAdd(sh[cl(neg - 1, 4u)], 1u);
    atomicOr(sh[cl(mid, 4u)], 0x10u);
    atomicXor(sh[cl(far, 4u)], 0x100u);
    barrier();
    outv[0] = uint(old); outv[1] = uint(old2);
    outv[2] = atomicAdd(rt[cl(far + 1, n)], 0u);
    outv[3] = uint(atomicAdd(fixed_.arr[cl(far, 3u)], 0));
    for (int k = 0; k < 4; k++) outv[4 + k] = sh[k];
}
