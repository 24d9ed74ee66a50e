#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std140) uniform U { uint zero; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { int idx[4]; };
layout(set = 0, binding = 2, std430) readonly buffer B2 { float rarr[]; };
layout(set = 0, binding = 3, std430) buffer B3 { vec3 v; uint i; } io;
layout(set = 0, binding = 4, std430) buffer B4 { uint sel; };
layout(set = 0, binding = 5, std430) buffer B5 { float out_f[12]; };
layout(set = 0, binding = 6, std430) buffer B6 { uint out_u[4]; };
void main() {
    out_f[0] = 1.0;
    out_f[1] = 7.5;
    out_f[2] = 1.0 + 3.0;
    out_f[3] = 2.0;
    out_f[4] = 4.0;
    out_f[5] = 6.0;
    out_f[6] = rarr[rarr.length() - 1];
    out_f[7] = 32.0;
    out_f[8] = out_f[6];
    vec3 n = vec3(0.0);
    n[io.i] = -sign(io.v[io.i]);
    io.v = normalize(n);
    uint d[3] = uint[3](9u, 9u, 9u);
    d[zero] = 0u;
    out_u[0] = d[0] * 100u + d[1] * 10u + d[2];
    const uint K[4] = uint[4](0u, 1u, 2u, 4u);
    uint k = K[sel];
    sel = k + K[sel];
    out_u[1] = k;
}
