#version 450
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0, std430) buffer BUF { int a; float b; float c; uint index; mat4 m; } o;
layout(set = 0, binding = 1, std430) buffer O { float out_data[16]; };
const float A[2][2][2] = float[][][](float[][](float[](1.0, 2.0), float[](3.0, 4.0)), float[][](float[](1.0, 2.0), float[](3.0, 5.0)));
const mat4 AS[2] = mat4[](mat4(1.0), mat4(2.0));
shared float foo[4][4];
void main() {
    uint li = gl_LocalInvocationIndex;
    foo[gl_LocalInvocationID.x][gl_LocalInvocationID.y] = float(li);
    memoryBarrierShared();
    barrier();
    float x = 0.0;
    x += foo[gl_LocalInvocationID.x][0];
    x += foo[gl_LocalInvocationID.x][1];
    x += foo[gl_LocalInvocationID.x][2];
    x += foo[gl_LocalInvocationID.x][3];
    out_data[li] = x;
    if (li == 0u) {
        float b[2][2][2] = A;
        float c[2][2][2] = b;
        b[1][1][1] = 7.0;
        o.a = int(c[1][1][1]) * 10 + int(b[1][1][1]);
        float d[2][2][2] = float[][][](float[][](float[](o.b, o.c), float[](o.b, o.b)), float[][](float[](o.c, o.c), float[](o.c, o.b)));
        float e[2][2][2] = d;
        d[1][0][1] = 0.0;
        o.b = e[1][0][1] + d[1][0][1] + e[0][1][1] * 100.0;
        mat4 m = AS[min(o.index, 1u)];
        m[3].x = A[min(o.index, 1u)][1][1];
        o.m = m;
    }
}
