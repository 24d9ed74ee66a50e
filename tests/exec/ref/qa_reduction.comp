#version 450
layout(local_size_x = 256) in;
layout(push_constant) uniform P { uint count; uint pad; } pc;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float values[]; };
struct Partial { float sum; float min_value; float max_value; uint non_finite; };
layout(set = 0, binding = 1, std430) buffer B1 { Partial partials[]; };
shared float sums[256];
shared float minima[256];
shared float maxima[256];
shared uint bad_count;
const float FLOAT_MAX = 3.402823466e+38;
void main() {
    uint lane = gl_LocalInvocationIndex;
    if (lane == 0u) bad_count = 0u;
    float s = 0.0, mn = FLOAT_MAX, mx = -FLOAT_MAX;
    uint bad = 0u;
    for (uint i = gl_WorkGroupID.x * 256u + lane; i < pc.count; i += gl_NumWorkGroups.x * 256u) {
        float v = values[i];
        if (isnan(v) || isinf(v)) { bad++; continue; }
        s += v; mn = min(mn, v); mx = max(mx, v);
    }
    sums[lane] = s; minima[lane] = mn; maxima[lane] = mx;
    barrier();
    atomicAdd(bad_count, bad);
    for (uint act = 128u; act > 0u; act >>= 1) {
        if (lane < act) {
            sums[lane] += sums[lane + act];
            minima[lane] = min(minima[lane], minima[lane + act]);
            maxima[lane] = max(maxima[lane], maxima[lane + act]);
        }
        barrier();
    }
    if (lane == 0u) partials[gl_WorkGroupID.x] = Partial(sums[0], minima[0], maxima[0], bad_count);
}
