#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int ins[4]; };
layout(set = 0, binding = 1, std430) buffer B1 { uint out_u[12]; };
layout(set = 0, binding = 2, std430) buffer B2 { int out_i[4]; };
layout(set = 0, binding = 3, std430) buffer B3 { float out_f[6]; };
layout(set = 0, binding = 4, std430) buffer B4 { uint count; uint data[3]; } outputs;
void push_output(uint value) { outputs.data[outputs.count] = value; outputs.count += 1u; }
void main() {
    out_u[0] = 1048576u; out_u[1] = 9u; out_u[2] = 256u; out_u[3] = 0x80000000u;
    out_u[4] = uint(3 * ins[3]); out_u[5] = 0u; out_u[6] = 6u; out_u[7] = 3u;
    out_f[0] = 5.0; out_f[1] = uintBitsToFloat(0x000116C2u); out_f[2] = 1.24;
    out_f[3] = max(float(ins[0]) + 1.24, 1.17549435e-38); out_f[4] = 1.0; out_f[5] = 0.0;
    out_i[0] = ins[1] + 1;
    out_i[1] = int(0x80000000u) - ins[2];
    out_i[2] = ins[0] == 0 ? ins[2] : ins[2] / ins[0];
    out_i[3] = ins[0] == 0 ? 0 : ins[3] % ins[0];
    push_output(1u); push_output(11u); push_output(4294967295u);
}
