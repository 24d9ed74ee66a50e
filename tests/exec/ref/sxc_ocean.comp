#version 450
layout(local_size_x = 4, local_size_y = 2) in;
layout(set = 0, binding = 0, std140) uniform UBO { vec4 uModTime; vec2 rot; };
layout(set = 0, binding = 1, std430) readonly buffer Distribution { vec2 distribution[]; };
layout(set = 0, binding = 2, std430) writeonly buffer HeightmapFFT { uint heights[]; };
layout(set = 0, binding = 3, std430) writeonly buffer K { vec2 ks[]; };
layout(set = 0, binding = 4, std430) buffer C { uint count; uint total; };
layout(set = 0, binding = 5, std430) writeonly buffer Culled { float culled[32]; };
vec2 alias(vec2 i, vec2 N) { return mix(i, i - N, greaterThan(i, 0.5 * N)); }
vec2 cmul(vec2 a, vec2 b) {
    vec2 r3 = a.yx; vec2 r1 = b.xx; vec2 R0 = a * r1; vec2 r2 = b.yy; vec2 R1 = r2 * r3;
    return R0 + vec2(-R1.x, R1.y);
}
uvec2 workaround_mix(uvec2 a, uvec2 b, bvec2 sel) { return uvec2(sel.x ? b.x : a.x, sel.y ? b.y : a.y); }
void main() {
    uvec2 N = gl_WorkGroupSize.xy * gl_NumWorkGroups.xy;
    uvec2 i = gl_GlobalInvocationID.xy;
    uvec2 wi = workaround_mix(N - i, uvec2(0u), equal(i, uvec2(0u)));
    vec2 a = distribution[i.y * N.x + i.x];
    vec2 b = distribution[wi.y * N.x + wi.x];
    vec2 k = uModTime.xy * alias(vec2(i), vec2(N));
    ks[i.y * N.x + i.x] = k;
    a = cmul(a, rot);
    b = cmul(b, rot);
    b = vec2(b.x, -b.y);
    heights[i.y * N.x + i.x] = packHalf2x16(a + b);
    float v = a.x + b.x;
    if (v > 12.0) {
        culled[min(atomicAdd(count, 1u), 31u)] = v;
        atomicAdd(total, uint(v));
    }
}
