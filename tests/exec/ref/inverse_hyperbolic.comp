#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float xa[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { float xc[]; };
layout(set = 0, binding = 2, std430) readonly buffer B2 { float xt[]; };
layout(set = 0, binding = 3, std430) buffer B3 { float out_a[]; };
layout(set = 0, binding = 4, std430) buffer B4 { float out_c[]; };
layout(set = 0, binding = 5, std430) buffer B5 { float out_t[]; };
layout(set = 0, binding = 6, std430) buffer B6 { vec3 out_v[]; };
void main() {
    for (int i = 0; i <= 5; i++) {
        out_a[i] = asinh(xa[i]);
        out_c[i] = acosh(xc[i]);
        out_t[i] = atanh(xt[i]);
    }
    out_v[0] = vec3(asinh(xa[3]), acosh(xc[2]), atanh(-xt[3]));
    out_v[1] = vec3(asinh(0.5), acosh(2.0), atanh(-0.25));
}
