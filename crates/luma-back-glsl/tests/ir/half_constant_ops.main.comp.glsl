#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer r_block {
    float r[];
};

void main() {
    float16_t k = 1.0hf;
    r[min(0u, uint(r.length()) - 1u)] = float(k / 3.0hf);
    float k_1 = 100.7;
    r[min(1u, uint(r.length()) - 1u)] = float(float16_t(k_1));
    float16_t k_2 = 3.0hf;
    r[min(2u, uint(r.length()) - 1u)] = float(k_2 + k_2 - 1.0hf);
}
