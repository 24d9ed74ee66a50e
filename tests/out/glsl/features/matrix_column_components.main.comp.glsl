#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Mats {
    mat2 m2;
    mat3 m3;
    mat4 m4;
    mat2x3 m2x3;
    int i;
};

layout(set = 0, binding = 0, std140) uniform u_block {
    mat2 m2;
    mat3 m3;
    mat4 m4;
    mat2x3 m2x3;
    int i;
} u;
layout(set = 0, binding = 1, std140) uniform bare_block {
    mat3 bare;
};
layout(push_constant, std430) uniform pc_block {
    mat2 m2;
    mat3 m3;
    mat2x3 m2x3;
    int i;
} pc;
layout(set = 0, binding = 2, std430) buffer b_block {
    Mats b[];
};
layout(set = 0, binding = 3, std430) buffer tall_block {
    mat4x3 tall[];
};
layout(set = 0, binding = 4, std430) buffer result_block {
    float result[];
};
shared mat2 s2;
shared mat3 s3;
shared mat4 s4;
shared mat2x3 s2x3;

void main() {
    mat3 l = mat3(0.0);
    int i = u.i;
    int j = pc.i;
    result[min(0u, uint(result.length()) - 1u)] = u.m2[1u].y + u.m3[2u].x + u.m4[3u].w + u.m2x3[1u].z + bare[1u].y;
    result[min(1u, uint(result.length()) - 1u)] = u.m2[clamp(i, 0, 1)].x + u.m3[clamp(i, 0, 2)][clamp(i, 0, 2)] + u.m4[1u][clamp(i, 0, 3)] + u.m2x3[clamp(i, 0, 1)].y + bare[clamp(i, 0, 2)].z;
    result[min(2u, uint(result.length()) - 1u)] = pc.m2[0u].y + pc.m3[1u].z + pc.m2x3[clamp(j, 0, 1)].z + pc.m3[clamp(j, 0, 2)].x;
    b[min(uint(i), uint(b.length()) - 1u)].m2[1u].x = 1.0;
    b[min(uint(i), uint(b.length()) - 1u)].m3[clamp(i, 0, 2)].z = 2.0;
    b[min(0u, uint(b.length()) - 1u)].m4[2u][clamp(i, 0, 3)] = 3.0;
    float t = b[min(uint(i), uint(b.length()) - 1u)].m2x3[0u].z;
    float t_1 = b[min(1u, uint(b.length()) - 1u)].m4[clamp(i, 0, 3)].w;
    b[min(uint(j), uint(b.length()) - 1u)].m2x3[1u].y = t + t_1;
    float t_2 = tall[min(uint(j), uint(tall.length()) - 1u)][clamp(i, 0, 3)].y;
    float t_3 = tall[min(0u, uint(tall.length()) - 1u)][2u].x;
    tall[min(uint(i), uint(tall.length()) - 1u)][3u].z = t_2 + t_3;
    tall[min(0u, uint(tall.length()) - 1u)][clamp(i, 0, 3)][clamp(j, 0, 2)] = 7.0;
    s2[1u].y = u.m2[0u].x;
    s3[clamp(i, 0, 2)].z = u.m3[1u].z;
    s4[2u][clamp(i, 0, 3)] = 4.0;
    s2x3[0u].z = 5.0;
    memoryBarrierShared();
    barrier();
    float t_4 = s2[1u].y;
    float t_5 = s3[clamp(i, 0, 2)].z;
    float t_6 = s4[2u][clamp(j, 0, 3)];
    float t_7 = s2x3[clamp(i, 0, 1)].z;
    result[min(3u, uint(result.length()) - 1u)] = t_4 + t_5 + t_6 + t_7;
    l = u.m3;
    l[clamp(i, 0, 2)].y = 6.0;
    float t_8 = l[clamp(j, 0, 2)].y;
    float t_9 = l[2u].z;
    result[min(4u, uint(result.length()) - 1u)] = t_8 + t_9;
}
