#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std140) uniform U {
    mat2 m2;
    mat3 m3;
    mat2x3 m2x3;
    int i;
} u;
layout(push_constant, std430) uniform P {
    mat2 m2;
    mat4 m4;
    int i;
} pc;
layout(set = 0, binding = 1, std430) buffer Data { mat3 data[]; };
layout(set = 0, binding = 2, std430) buffer Result { float result[]; };
shared mat4x3 s;
shared mat2 t;
void main() {
    int i = u.i;
    int j = pc.i;
    result[0] = u.m2[1].y;
    result[1] = u.m3[i][j];
    result[2] = u.m2x3[j - 1].z;
    result[3] = pc.m2[0].y;
    result[4] = pc.m4[j][i];
    result[5] = pc.m4[3].w;
    data[1][i].z = 10.0;
    data[0][2][j] = 11.0;
    result[6] = data[1][0].x + data[0][i][i];
    s[i].z = u.m3[2].x;
    s[3][j] = 12.0;
    t[j - 1].y = pc.m2[1].x;
    barrier();
    result[7] = s[1].z + s[3].z;
    result[8] = t[1][i];
}
