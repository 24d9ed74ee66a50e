#version 450
// Luma's ldexp is GLSL's on these operands (exponents in [-126, 127], normal results).
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float xs[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { int es[]; };
layout(set = 0, binding = 2, std430) buffer B2 { float out_s[]; };
layout(set = 0, binding = 3, std430) buffer B3 { vec3 out_v[]; };
layout(set = 0, binding = 4, std430) buffer B4 { float out_c[]; };
void main() {
    for (int i = 0; i <= 11; i++) {
        out_s[i] = ldexp(xs[i], es[i]);
    }
    for (int i = 0; i <= 3; i++) {
        out_v[i] = ldexp(vec3(xs[i], xs[i + 1], -xs[i]), ivec3(es[i], 1, -3));
    }
    out_c[0] = 12.0;
    out_c[1] = uintBitsToFloat(0x81400000u);
    out_c[2] = uintBitsToFloat(0x7f000000u);
    out_c[3] = ldexp(0.625, es[0] + 17);
}
