#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer o_block {
    int o[];
};

void main() {
    int luma_mod_f32 = o[min(3u, uint(o.length()) - 1u)];
    int t = o[min(4u, uint(o.length()) - 1u)];
    float luma_f32_from_bits = float(t);
    mat2 luma_inverse_mat2x2f = mat2(vec2(luma_f32_from_bits, 0.0), vec2(0.0, luma_f32_from_bits));
    float y = mod(luma_f32_from_bits, 2.5) + inverse(luma_inverse_mat2x2f)[0].x;
    o[min(5u, uint(o.length()) - 1u)] = int(y) + luma_mod_f32;
}
