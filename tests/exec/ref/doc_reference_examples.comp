#version 450
// Reference for doc_reference_examples.luma in plain GLSL, with Luma's meanings spelled out.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer Ins { int i[8]; uint u[8]; float f[4]; } ins;
layout(set = 0, binding = 1, std430) buffer OutI { int out_i[12]; };
layout(set = 0, binding = 2, std430) buffer OutU { uint out_u[8]; };
layout(set = 0, binding = 3, std430) buffer OutF { float out_f[20]; };

void put(mat2x3 m, int at) {
    for (int c = 0; c < 2; c++)
        for (int r = 0; r < 3; r++)
            out_f[at + c * 3 + r] = m[c][r];
}

void main() {
    out_f[0] = 3.0;
    out_f[1] = 6.0;
    out_f[2] = 12.0;
    out_f[3] = uintBitsToFloat(0x7f000000u);
    out_i[0] = 2;
    out_i[1] = -1;
    out_i[2] = -4;
    out_i[9] = 14;
    out_u[0] = 0xffffffffu;
    out_u[1] = 0x3f800000u;
    out_u[2] = 0xf0000000u;
    put(mat2x3(2.0), 6);

    // Fields are within 32 bits here, so GLSL's bitfield functions are defined.
    out_i[3] = bitfieldExtract(ins.i[0], int(ins.u[4]), int(ins.u[5]));
    out_u[3] = bitfieldInsert(ins.u[0], ins.u[1], int(ins.u[2]), int(min(ins.u[3], 32u - ins.u[2])));
    out_i[4] = -ins.i[1] % ins.i[2];
    out_i[5] = ins.i[1] / ins.i[2];
    out_i[6] = int(ins.f[0]);
    out_u[4] = uint(ins.i[4]);
    out_u[5] = floatBitsToUint(ins.f[2]);
    out_i[7] = ins.i[1] << (ins.u[6] & 31u);
    out_f[4] = ldexp(ins.f[1], ins.i[5]);
    out_f[5] = ldexp(ins.f[2], ins.i[6]);
    put(mat2x3(ins.f[3]), 12);

    uint n = ins.u[0];
    uint count = 0u, last = 0u;
    uint bound = n - 1u;
    uint iters = 0u;
    for (uint i = 0u; iters < 5u; i++) {
        count += 1u;
        last = i;
        iters += 1u;
        if (i == bound) break;
    }
    out_u[6] = count;
    out_u[7] = last;
    int icount = 0;
    for (int i = 0; i <= int(n) - 1; i++) icount += 1;
    out_i[8] = icount;
}
