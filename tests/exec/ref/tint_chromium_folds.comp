#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int ins[4]; };
layout(set = 0, binding = 1, std430) buffer B1 { int out_i[12]; };
layout(set = 0, binding = 2, std430) buffer B2 { float out_f[8]; };
void main() {
    int i = ins[1];
    mat4x2 m = mat4x2(0.0, 0.0, 0.0, 0.0, 4.0, 0.0, 0.0, 0.0);
    out_f[0] = m[i * 2].x;
    out_f[1] = vec2(0.0, 1.0)[i];
    out_i[0] = ivec2(2, 3)[i];
    out_i[1] = (ivec4(ins[1]) << 1).w;
    out_i[2] = int(gl_GlobalInvocationID.x) + (ins[2] << (ins[3] & 31));
    out_f[2] = 1.0;
    out_f[3] = atan(1.0, 0.1) - atan(0.1, 1.0);
    out_f[4] = 2.5;
    out_i[3] = -4;
    out_i[4] = 0;
    out_i[5] = 2;
    out_i[6] = 3;
}
