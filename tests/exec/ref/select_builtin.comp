#version 450
// Reference for select_builtin.luma in plain GLSL: mix with a bool vector, ?: with a bool.
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, std430) buffer In { vec4 inp[]; };
layout(set = 0, binding = 1, std430) buffer Calls { uint calls[]; };
layout(set = 0, binding = 2, std430) buffer Order { uint order_[]; };
layout(set = 0, binding = 3, std430) buffer Out { vec4 outv[]; };
float tagged(uint i, uint tag, float x) {
    uint n = atomicAdd(calls[i], 1u);
    order_[i * 2u + n] = tag;
    return x;
}
void main() {
    uint i = gl_GlobalInvocationID.x;
    vec4 a = inp[i * 2u];
    vec4 b = inp[i * 2u + 1u];
    vec4 larger = mix(a, b, greaterThan(b, a));
    vec4 whole = a.x > b.x ? b : a;
    ivec4 signs = mix(ivec4(-1), ivec4(1), greaterThanEqual(a, vec4(0.0)));
    uvec2 counts = mix(uvec2(10u), uvec2(20u, 30u), bvec2(a.y < 0.0, b.y < 0.0));
    bvec2 flags = a.z == b.z ? bvec2(true, false) : bvec2(false, true);
    float f = tagged(i, 1u, a.w);
    float t = tagged(i, 2u, b.w);
    float picked = a.w < b.w ? t : f;
    outv[i * 3u] = larger;
    outv[i * 3u + 1u] = whole;
    outv[i * 3u + 2u] = vec4(
        float(signs.x + signs.y * 2 + signs.z * 4 + signs.w * 8),
        float(counts.x + counts.y),
        (flags.x ? 1.0 : 0.0) + (flags.y ? 2.0 : 0.0),
        picked + float(calls[i] * 100u + order_[i * 2u] * 10u + order_[i * 2u + 1u]));
}
