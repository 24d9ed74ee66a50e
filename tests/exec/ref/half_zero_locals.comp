#version 450
// Reference for half_zero_locals.luma: Luma's meaning written out in GLSL.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { f16vec2 inp[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { int idx[]; };
layout(set = 0, binding = 2, std430) buffer B2 { f16vec4 outv[]; };
void main() {
    uint li = gl_LocalInvocationIndex;
    int i = idx[li];
    f16vec2 pair[2] = f16vec2[2](inp[li], inp[(li + 1u) % 4u]);
    float16_t w[3] = float16_t[3](float16_t(0.25), float16_t(0.5), float16_t(0.25));
    f16vec2 offs[3] = f16vec2[3](inp[0], inp[1], inp[2]);
    w[i % 3] += float16_t(1.0);
    f16vec2 acc = f16vec2(0.0);
    for (int k = 0; k <= 2; k++) {
        acc += offs[k] * w[k];
    }
    f16vec3 lanes = f16vec3(0.0);
    lanes[i % 3] = float16_t(2.0);
    outv[li] = f16vec4(pair[i % 2], acc + lanes.xy);
}
