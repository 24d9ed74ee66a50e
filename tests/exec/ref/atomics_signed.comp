#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer B0 { int lo; int hi; int ands; int ors; } sums;
layout(set = 0, binding = 1, std430) buffer B1 { int cells[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int outv[]; };
shared int s_lo;
shared int s_hi;
shared uint s_lock;
shared uint s_winners;
shared int s_cells[4];
shared int s_last;
void main() {
    uint li = gl_LocalInvocationIndex;
    int v = int(li) - 40;
    if (li == 0u) { s_lo = 0; s_hi = -1000; s_lock = 0u; s_winners = 0u; s_last = -7; }
    if (li < 4u) s_cells[li] = 0;
    barrier();
    atomicMin(sums.lo, v);
    atomicMax(sums.hi, v);
    atomicAnd(sums.ands, ~(1 << int(li % 8u)));
    atomicOr(sums.ors, v);
    uint cell = li % 4u;
    atomicMin(cells[cell], v);
    atomicMin(s_lo, v);
    atomicMax(s_hi, v);
    atomicMax(s_cells[cell], -v);
    if (atomicCompSwap(s_lock, 0u, li + 1u) == 0u) atomicAdd(s_winners, 1u);
    int old = atomicExchange(s_last, v);
    outv[8u + li] = ((old >= -40 && old <= 23) || old == -7) ? 1 : 0;
    barrier();
    if (li == 0u) {
        outv[0] = s_lo; outv[1] = s_hi; outv[2] = int(s_winners);
        outv[3] = (s_lock >= 1u && s_lock <= 64u) ? 1 : 0;
        for (int k = 0; k < 4; k++) outv[4 + k] = s_cells[k];
    }
}
