#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 2) in;
struct Particle {
    f16vec3 pos;
    float16_t scale;
    f16vec4 color;
    uint id;
    float16_t weight;
    f16vec2 uv;
};
layout(set = 0, binding = 0, std430) readonly buffer B0 { Particle src[]; };
layout(set = 0, binding = 1, std430) buffer B1 { Particle dst[]; };
layout(set = 0, binding = 2, std430) buffer B2 { f16vec3 hs[]; };
layout(set = 0, binding = 3, std430) buffer B3 { float16_t hh[]; };
layout(set = 0, binding = 4, std430) buffer B4 { float16_t pair[]; };
layout(set = 0, binding = 5, std430) buffer B5 { f16mat2x3 hm[]; };
void main() {
    uint i = gl_LocalInvocationIndex;
    Particle p = src[i];
    dst[i].pos = p.pos * float16_t(2.0) + f16vec3(p.scale);
    dst[i].color = p.color.wzyx;
    dst[i].id = p.id + 1u;
    dst[i].weight = dot(p.uv, p.uv);
    dst[i].uv = p.uv.yx * p.weight;
    hs[i] = p.pos.zxy;
    pair[i] = float16_t(float(i) + 0.5);
    if (i == 0u) {
        hm[0] = hm[0] * float16_t(2.0);
        hh[1] = hh[0] + hh[2];
        hh[2] = float16_t(float(hh[7]) * 0.5);
        hh[5] = -hh[5];
        float16_t one = float16_t(1.0);
        hh[6] = one / float16_t(3.0);
        hh[7] = 0.333251953125hf;  // exactly 0x3555
    }
}
