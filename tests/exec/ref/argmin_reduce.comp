#version 450
layout(local_size_x = 64) in;
struct Candidate { float value; uint index; };
struct RowResult { float min_value; uint min_index; float max_value; uint max_index; int int_min; uint uint_max; uint pad0; uint pad1; };
layout(set = 0, binding = 0, std430) readonly buffer Values { float values[]; };
layout(set = 0, binding = 1, std430) readonly buffer Keys { int keys[]; };
layout(set = 0, binding = 2, std430) buffer Rows { RowResult rows[]; };
shared Candidate lo[64];
shared Candidate hi[64];
shared int smin;
shared uint smax;
Candidate better_low(Candidate a, Candidate b) { return (b.value < a.value || (b.value == a.value && b.index < a.index)) ? b : a; }
Candidate better_high(Candidate a, Candidate b) { return (b.value > a.value || (b.value == a.value && b.index < a.index)) ? b : a; }
void main() {
    uint li = gl_LocalInvocationIndex, row = gl_WorkGroupID.x, g = row * 64u + li;
    Candidate c = Candidate(values[g], li);
    lo[li] = c; hi[li] = c;
    if (li == 0u) { atomicExchange(smin, 2147483647); atomicExchange(smax, 0u); }
    barrier();
    atomicMin(smin, keys[g]);
    atomicMax(smax, uint(keys[g]) >> 1);
    for (uint stride = 32u; stride > 0u; stride >>= 1) {
        if (li < stride) {
            lo[li] = better_low(lo[li], lo[li + stride]);
            hi[li] = better_high(hi[li], hi[li + stride]);
        }
        barrier();
    }
    if (li == 0u) rows[row] = RowResult(lo[0].value, lo[0].index, hi[0].value, hi[0].index, smin, smax, 0u, 0u);
}
