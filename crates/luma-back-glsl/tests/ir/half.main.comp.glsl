#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform halves_block {
    float16_t h;
    f16vec3 v;
    f16mat2 m;
    float16_t arr[2];
} halves;
layout(set = 0, binding = 1, std430) buffer out_block {
    f16vec4 sum;
    uint bits;
} out_;

void main() {
    float16_t h = halves.h;
    f16vec3 v = halves.v;
    f16mat2 m = halves.m;
    float16_t a = halves.arr[min(gl_LocalInvocationIndex, 1u)];
    float t = float(min(mod(h * 0.5hf, a), float16_t(uintBitsToFloat(0x7F800000u))));
    float16_t t_1 = float16_t(t * t);
    f16vec2 t_2 = m[1] + f16vec2(t_1);
    out_.sum = f16vec4(t_2, v.z, t_1);
    out_.bits = packFloat2x16(t_2);
}
