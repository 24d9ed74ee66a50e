#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std140) uniform U { uint i; uint j; } uniforms;
layout(set = 0, binding = 1, std430) buffer B1 { int counter[2]; };
layout(set = 0, binding = 2, std430) buffer B2 { int out_i[16]; };
void main() {
    counter[0] = 6;
    out_i[0] = 5; out_i[1] = 7; out_i[2] = counter[0];
    float a1 = 2.0;
    int c1 = 1;
    for (int k = 0; k < 20; k++) { c1 += 2; if (!(a1 < 10.0)) break; c1 += 3; a1 += 1.0; }
    out_i[3] = int(a1);
    out_i[4] = c1;
    c1 += 100;
    counter[1] = c1;
    int s[8];
    for (int k = 0; k < 8; k++) s[k] = 0;
    s[uint(c1) % 8u] = 42;
    uint kk = uint(c1) % 8u;
    out_i[5] = s[kk];
    out_i[6] = s[(kk + 1u) % 8u];
    out_i[7] = c1;
}
