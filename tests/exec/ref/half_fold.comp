#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer B0 { float r[]; };
layout(set = 0, binding = 1, std430) buffer B1 { int ri[]; };
layout(set = 0, binding = 2, std430) buffer B2 { uint ru[]; };
// The constants as the half values the language rules give (hand-rounded), so the
// reference does not depend on glslang's folding of 16-bit arithmetic.
void main() {
    float16_t one = 1.0hf, three = 3.0hf, e = 0.000732421875hf, big = 60000.0hf;
    float16_t top = 65504.0hf, pt1 = 0.0999755859375hf;
    r[0] = float(one / three);
    r[1] = float(one + e);
    r[2] = float(big + big);
    r[3] = float(top + 16.0hf);
    r[4] = float(top + 8.0hf);
    r[5] = float(pt1);
    r[6] = float(pt1 * three);
    float16_t a = 100.6875hf;
    r[7] = float(a);
    r[8] = uintBitsToFloat(0x7f800000u);
    r[9] = float(float16_t(4096.0));
    r[10] = uintBitsToFloat(0x7f800000u);
    r[11] = -7.0;
    float16_t s = one;
    for (int k = 1; k <= 4; k++) { s += e; }
    r[12] = float(s);
    r[13] = 1.0;
    r[14] = 1.0009765625;
    r[15] = float(a - pt1);
    r[16] = (one / three == 0.333251953125hf) ? 1.0 : 0.0;
    r[17] = 0.333251953125;
    r[18] = 1.0009765625;
    r[19] = 65504.0;
    r[20] = 0.333251953125;
    r[21] = 0.2998046875;
    r[22] = 65504.0;
    r[23] = 1.0;
    r[24] = 1.001953125;
    ri[0] = -3;
    ri[1] = int(top);
    ru[0] = 2048u;
    ru[1] = uint(top);
}
