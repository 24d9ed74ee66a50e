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
    result[min(1u, uint(result.length()) - 1u)] = u.m2[min(uint(i), 1u)].x + u.m3[min(uint(i), 2u)][min(uint(i), 2u)] + u.m4[1u][min(uint(i), 3u)] + u.m2x3[min(uint(i), 1u)].y + bare[min(uint(i), 2u)].z;
    result[min(2u, uint(result.length()) - 1u)] = pc.m2[0u].y + pc.m3[1u].z + pc.m2x3[min(uint(j), 1u)].z + pc.m3[min(uint(j), 2u)].x;
    b[min(uint(i), uint(b.length()) - 1u)].m2[1u].x = 1.0;
    b[min(uint(i), uint(b.length()) - 1u)].m3[min(uint(i), 2u)].z = 2.0;
    b[min(0u, uint(b.length()) - 1u)].m4[2u][min(uint(i), 3u)] = 3.0;
    float t = b[min(uint(i), uint(b.length()) - 1u)].m2x3[0u].z;
    float t_1 = b[min(1u, uint(b.length()) - 1u)].m4[min(uint(i), 3u)].w;
    b[min(uint(j), uint(b.length()) - 1u)].m2x3[1u].y = t + t_1;
    float t_2 = tall[min(uint(j), uint(tall.length()) - 1u)][min(uint(i), 3u)].y;
    float t_3 = tall[min(0u, uint(tall.length()) - 1u)][2u].x;
    tall[min(uint(i), uint(tall.length()) - 1u)][3u].z = t_2 + t_3;
    tall[min(0u, uint(tall.length()) - 1u)][min(uint(i), 3u)][min(uint(j), 2u)] = 7.0;
    s2[1u].y = u.m2[0u].x;
    s3[min(uint(i), 2u)].z = u.m3[1u].z;
    s4[2u][min(uint(i), 3u)] = 4.0;
    s2x3[0u].z = 5.0;
    memoryBarrierShared();
    barrier();
    float t_4 = s2[1u].y;
    float t_5 = s3[min(uint(i), 2u)].z;
    float t_6 = s4[2u][min(uint(j), 3u)];
    float t_7 = s2x3[min(uint(i), 1u)].z;
    result[min(3u, uint(result.length()) - 1u)] = t_4 + t_5 + t_6 + t_7;
    l = u.m3;
    l[min(uint(i), 2u)].y = 6.0;
    float t_8 = l[min(uint(j), 2u)].y;
    float t_9 = l[2u].z;
    result[min(4u, uint(result.length()) - 1u)] = t_8 + t_9;
}
