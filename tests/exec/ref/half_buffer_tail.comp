#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer B0 { float16_t x; };
layout(set = 0, binding = 1, std430) buffer B1 { float16_t a; float16_t b; float16_t c; } t;
layout(set = 0, binding = 2, std430) buffer B2 { float16_t hs[]; };
layout(set = 0, binding = 3, std430) buffer B3 { float o[]; };
void main() {
    o[0] = float(x);
    o[1] = float(hs[2]);
    o[2] = float(hs.length());
    o[3] = float(hs[0] + hs[1]);
    o[4] = float(t.c - t.a);
}
