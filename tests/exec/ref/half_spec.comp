#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 1) in;
layout(constant_id = 0) const float16_t S0 = 0.0999755859375hf;   // half(0.1), exactly
layout(constant_id = 1) const float16_t S1 = 1.0hf;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float x[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float r[]; };
void main() {
    float16_t three = float16_t(x[0]);
    r[0] = float(S0);
    r[1] = float(S1);
    r[2] = float(S1 * three);
    r[3] = float(S0 + S1);
    float16_t c = 3.0hf;
    r[4] = float(S1 * c);
}
