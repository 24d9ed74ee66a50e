#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float x[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { int xi[]; };
layout(set = 0, binding = 2, std430) readonly buffer B2 { uint xu[]; };
layout(set = 0, binding = 3, std430) buffer B3 { float r[]; };
layout(set = 0, binding = 4, std430) buffer B4 { int ri[]; };
layout(set = 0, binding = 5, std430) buffer B5 { uint ru[]; };
void main() {
    float16_t one = float16_t(x[0]);
    float16_t three = float16_t(x[1]);
    float16_t e = float16_t(x[2]);
    float16_t big = float16_t(x[3]);
    float16_t top = float16_t(x[4]);
    float16_t pt1 = float16_t(x[7]);
    r[0] = float(one / three);
    r[1] = float(one + e);
    r[2] = float(big + big);
    r[3] = float(top + float16_t(x[5]));
    r[4] = float(top + float16_t(x[6]));
    r[5] = float(pt1);
    r[6] = float(pt1 * three);
    float16_t a = float16_t(x[8]);
    r[7] = float(a);
    r[8] = float(float16_t(x[11]));
    r[9] = float(float16_t(xi[0]));
    r[10] = float(float16_t(xu[0]));
    r[11] = float(float16_t(xi[1]));
    float16_t s = one;
    for (int i = 1; i <= 4; i++) { s += e; }
    r[12] = float(s);
    r[13] = float(float16_t(x[12]));
    r[14] = float(float16_t(x[13]));
    r[15] = float(a - pt1);
    r[16] = (one / three == float16_t(x[14])) ? 1.0 : 0.0;
    r[17] = float(-float16_t(x[9]));
    ri[0] = int(float16_t(x[9]));
    ri[1] = int(top);
    ru[0] = uint(float16_t(x[10]));
    ru[1] = uint(top);
}
