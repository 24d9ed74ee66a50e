#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer out_i_block {
    int out_i[];
};
layout(set = 0, binding = 1, std430) buffer out_f_block {
    float out_f[];
};

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
int luma_div(int a, int b) {
    return a / ((b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b);
}

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
ivec2 luma_div(ivec2 a, ivec2 b) {
    return ivec2(luma_div(a.x, b.x), luma_div(a.y, b.y));
}

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
uint luma_div(uint a, uint b) {
    return a / (b == 0u ? 1u : b);
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
ivec2 luma_rem(ivec2 a, ivec2 b) {
    return ivec2(luma_rem(a.x, b.x), luma_rem(a.y, b.y));
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
uint luma_rem(uint a, uint b) {
    return a % (b == 0u ? 1u : b);
}

// Luma `%` on floats: x - y * trunc(x / y).
float luma_rem(float a, float b) {
    return a - b * trunc(a / b);
}

int ints(int a, int b, uint ua, uint ub, ivec2 va, ivec2 vb) {
    int q = luma_div(a, b);
    int r = luma_rem(a, b);
    uint uq = luma_div(ua, ub);
    uint ur = luma_rem(ua, ub);
    ivec2 vq = luma_div(va, vb);
    ivec2 vr = luma_rem(va, vb);
    int by_const = a / 3;
    int by_minus_one = luma_div(a, -1);
    ivec2 vby_const = luma_rem(va, ivec2(3));
    int shl = a << (ub & 31u);
    int shr = a >> (ub & 31u);
    uint ushr = ua >> (ub & 31u);
    int shl_const = a << 5u;
    int shl_big = a << 8u;
    int neg = -a;
    int not_ = ~a;
    ivec2 t = vq + vr + vby_const;
    int t_1 = t[min(uint(b), 1u)] + mix(t, ivec2(((((q & r) | by_const) ^ by_minus_one) + shl - shr) * shl_const + shl_big + neg + not_ + int(uq + ur + ushr)), equal(ivec2(0, 1), ivec2(a))).y;
    return t_1;
}

float floats(float x, float y, vec3 v, mat2 m, mat2 n) {
    float frem = luma_rem(x, y);
    float fmod = mod(x, y);
    vec3 vmod = mod(v, v);
    vec2 t = m[1];
    vec2 t_1 = n[0];
    float t_2 = frem + fmod + float(!(x != y && x == (-(t + t_1) / t * t_1).x)) + float(int(bool(x))) + float(uint(x)) + vmod.z;
    return -t_2;
}

void main() {
    uint t = gl_GlobalInvocationID.x;
    int t_1 = int(t);
    ivec2 t_2 = ivec2(t_1);
    int ints_1 = ints(t_1, t_1, t, t, t_2, t_2);
    out_i[min(t, uint(out_i.length()) - 1u)] = ints_1;
    float t_3 = float(t_1);
    vec2 t_4 = vec2(t_3);
    mat2 t_5 = mat2(t_4, t_4);
    float floats_1 = floats(t_3, t_3, vec3(t_3), t_5, t_5);
    out_f[min(t, uint(out_f.length()) - 1u)] = floats_1;
}
