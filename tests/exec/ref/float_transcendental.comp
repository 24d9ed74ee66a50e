#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float x[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float results[]; };
void main() {
    float pi = x[0];
    results[0] = sqrt(x[1]); results[1] = sqrt(x[2]); results[2] = inversesqrt(x[3]);
    results[3] = pow(x[2], x[4]); results[4] = pow(x[5], 0.5);
    results[5] = exp(x[6]); results[6] = exp(x[7]); results[7] = exp2(x[4]); results[8] = exp2(-x[7]);
    results[9] = log(x[7]); results[10] = log(x[8]); results[11] = log2(x[9]); results[12] = log2(x[10]);
    results[13] = sin(pi / 2.0); results[14] = cos(pi); results[15] = tan(pi / 4.0);
    results[16] = asin(x[7]); results[17] = acos(x[6]); results[18] = atan(x[7]);
    results[19] = atan(x[7], -x[7]); results[20] = atan(-x[7], -x[7]); results[21] = atan(x[7], x[6]);
    results[22] = sinh(x[7]); results[23] = cosh(x[7]); results[24] = tanh(0.5 * x[7]);
    results[25] = radians(x[11]); results[26] = degrees(pi); results[27] = fma(x[2], x[3], x[7]);
    vec4 v = sin(vec4(0.0, pi / 6.0, pi / 2.0, -pi / 2.0));
    results[28] = v.x; results[29] = v.y; results[30] = v.z; results[31] = v.w;
}
