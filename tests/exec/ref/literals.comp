#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer B0 { int out_int[]; };
layout(set = 0, binding = 1, std430) buffer B1 { uint out_uint[]; };
layout(set = 0, binding = 2, std430) buffer B2 { float out_float[]; };
void main() {
    out_int[0] = 0xFF; out_int[1] = -2147483647 - 1; out_int[2] = 0x7FFFFFFF; out_int[3] = -1;
    int i = 7; out_int[4] = i * -3;
    out_uint[0] = 42u; out_uint[1] = 0xFFFFFFFFu; out_uint[2] = 4294967295u; out_uint[3] = 0x80000000u;
    uint u = 7u; out_uint[4] = u;
    out_float[0] = .5; out_float[1] = 1e-3; out_float[2] = 2.5e+2; out_float[3] = 1.0; out_float[4] = 3.0;
    out_float[5] = 0.1; out_float[6] = 3.4028235e38; out_float[7] = 1.17549435e-38; out_float[8] = -0.0;
    out_float[9] = 123456.789; out_float[10] = 1e10;
}
