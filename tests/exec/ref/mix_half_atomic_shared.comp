#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 8) in;
struct Bin { f16vec3 h; uint n; float16_t w[2]; f16mat2 m; };
shared Bin bins[4];
shared int total;
layout(set = 0, binding = 0, std430) buffer B0 { float o[]; };
void main() {
    uint li = gl_LocalInvocationIndex;
    uint b = li % 4u;
    if (li < 4u) {
        bins[b].h = f16vec3(0.0hf);
        bins[b].w[0] = 1.0hf; bins[b].w[1] = 2.0hf;
        bins[b].m = f16mat2(1.0hf);
        atomicExchange(bins[b].n, 0u);
    }
    if (li == 0u) atomicExchange(total, 0);
    barrier();
    atomicAdd(bins[b].n, 1u);
    atomicAdd(total, -int(li));
    barrier();
    if (li < 4u) {
        bins[b].h.zx += f16vec2(float16_t(float(atomicAdd(bins[b].n, 0u))), 0.5hf);
        bins[b].w[li % 2u] *= 3.0hf;
        bins[b].m[1] += bins[b].h.xy;
    }
    barrier();
    o[li] = float(bins[b].h.z + bins[b].w[0] + bins[b].m[1].y) + float(atomicAdd(total, 0));
}
