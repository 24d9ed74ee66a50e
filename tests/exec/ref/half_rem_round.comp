#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float x[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float r[]; };
void main() {
    float16_t a = float16_t(x[0]);
    float16_t b = float16_t(x[1]);
    float16_t two = float16_t(x[2]);
    r[0] = float(a - two * trunc(a / two));
    r[1] = float(b - two * trunc(b / two));
    r[2] = float(b - two * floor(b / two));
    r[3] = float(roundEven(float16_t(x[3])));
    r[4] = float(roundEven(float16_t(x[4])));
    r[5] = float(roundEven(float16_t(x[5])));
    r[6] = float(trunc(b));
    r[7] = float(fma(a, two, float16_t(x[6])));
    r[8] = float(inversesqrt(two * two));
    r[9] = float(abs(b));
    f16vec2 v = f16vec2(a, b);
    v *= two;
    v += f16vec2(float16_t(x[6]));
    r[10] = float(v.x);
    r[11] = float(v.y);
    float16_t acc = float16_t(0.0);
    for (int i = 1; i <= 10; i++) { acc += float16_t(x[6]); }
    r[12] = float(acc);
    r[13] = float(max(v, float16_t(0.0)).y);
}
