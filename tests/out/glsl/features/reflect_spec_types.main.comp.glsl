#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require

layout(local_size_x = 4, local_size_y = 2, local_size_z = 3) in;

layout(constant_id = 3) const bool B = true;
layout(constant_id = 0) const int I = -7;
layout(constant_id = 7) const uint U = 4000000000u;
layout(constant_id = 2) const float F = 0.1;
layout(constant_id = 5) const float16_t H = 0.099975586hf;
layout(constant_id = 9) const float F2 = 10000000000.0;
layout(constant_id = 10) const float F3 = -0.0;
layout(constant_id = 11) const int I2 = -2147483647 - 1;

layout(set = 0, binding = 0, std430) buffer out_block {
    float out_[];
};

void main() {
    float x = 0.0;
    if (B) {
        x = 1.0;
    }
    out_[min(0u, uint(out_.length()) - 1u)] = x + float(I) + float(U) + F + float(H) + F2 + F3 + float(I2);
}
