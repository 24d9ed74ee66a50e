#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer o_block {
    int o[];
};
layout(set = 0, binding = 1, std430) buffer f_block {
    float f[];
};

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
int luma_div(int a, int b) {
    return a / ((b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b);
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

int luma_div_1(int x, int y) {
    return x + y;
}

vec3 luma_mod_vec3f(vec3 v) {
    return v * 2.0;
}

float luma_f32_from_bits(uint u) {
    return float(u);
}

void main() {
    int a = o[min(1u, uint(o.length()) - 1u)];
    int b = o[min(2u, uint(o.length()) - 1u)];
    int luma_div_2 = luma_div_1(a, b);
    o[min(0u, uint(o.length()) - 1u)] = luma_div_2 + luma_div(a, b) + luma_rem(a, b);
    float t = f[min(0u, uint(f.length()) - 1u)];
    vec3 v = vec3(t);
    float t_1 = f[min(2u, uint(f.length()) - 1u)];
    vec3 luma_mod_vec3f_1 = luma_mod_vec3f(v);
    float luma_f32_from_bits_1 = luma_f32_from_bits(3u);
    f[min(1u, uint(f.length()) - 1u)] = mod(v, vec3(t_1)).x + luma_mod_vec3f_1.y + luma_f32_from_bits_1;
}
