#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform mats_block {
    mat2 m2;
    mat3 m3;
    mat4 m4;
    mat2x3 m2x3;
    mat2x4 m2x4;
    mat3x2 m3x2;
    mat3x4 m3x4;
    mat4x2 m4x2;
    mat4x3 m4x3;
    mat2 m2x2;
    mat3 m3x3;
    mat4 m4x4;
    vec2 v2;
    vec3 v3;
    vec4 v4;
    float s;
} mats;
layout(set = 0, binding = 1, std430) buffer results_block {
    vec4 results[];
};
layout(set = 0, binding = 2, std430) buffer matrix_out_block {
    mat4 matrix_out[];
};

void main() {
    mat4 m4 = mats.m4;
    vec4 t = m4[0];
    vec3 t_1 = t.xyz;
    vec4 t_2 = m4[1];
    mat4x3 h = mats.m4x3;
    vec4 p0 = mats.m4 * mats.v4;
    vec4 p1 = mats.v4 * mats.m4;
    vec3 p2 = mats.m2x3 * mats.v2;
    vec2 p3 = mats.v3 * mats.m2x3;
    mat2 p4 = mats.m3x2 * mats.m2x3;
    mat3 p5 = mats.m2x3 * mats.m3x2;
    mat3x2 p6 = mats.m4x2 * mats.m3x4;
    mat4 p7 = mats.m3x4 * mats.m4x3;
    mat2 p8 = mats.m4x2 * mats.m2x4 * mat2(vec2(1.0, 2.0), vec2(3.0, 4.0));
    vec3 p9 = mats.m4x3 * mats.v4 + mats.m3 * mats.v3 + mats.m2x3 * mats.v2;
    vec3 p10 = mats.v2 * mats.m3x2 + mats.v4 * mats.m3x4;
    mat3 m3 = mats.m3;
    mat4 m = mats.m4;
    vec4 col = m[1];
    float elem = m[2].w;
    mat4 m_1 = m;
    m_1[0] = vec4(1.0, 2.0, 3.0, 4.0);
    vec4 t_3 = m_1[3];
    t_3.y = elem;
    mat4 m_2 = m_1;
    m_2[3] = t_3;
    mat4 m_3 = m_2;
    m_3[2] = vec4(col.zw, m_2[2].zw);
    mat4 m_4 = m_3 * mats.m4x4;
    mat4x3 t_4 = transpose(mats.m3x4);
    mat3x2 t2 = transpose(mats.m2x3);
    mat2 inv2 = inverse(mats.m2);
    mat3 inv3 = inverse(mats.m3x3);
    mat4 inv4 = inverse(m_4);
    vec4 dets = vec4(determinant(mats.m2x2), determinant(mats.m3), determinant(inv4), determinant(mat2(vec2(1.0, 2.0), vec2(3.0, 4.0))));
    results[min(0u, uint(results.length()) - 1u)] = p0 + p1 + vec4(p2, 1.0) + vec4(p3, p3);
    results[min(1u, uint(results.length()) - 1u)] = vec4(p4[0], p4[1]) + vec4(p5[2], 0.0) + vec4(p6[0], p6[2]) + p7[3];
    results[min(2u, uint(results.length()) - 1u)] = vec4(p8[0], p8[1]) + vec4(p9, 0.0) + vec4(p10, 0.0);
    results[min(3u, uint(results.length()) - 1u)] = vec4(m3[0] + t_1 - vec3(1.0, 0.0, 0.0), (m3[1] + t_2.xyz - vec3(0.0, 1.0, 0.0)).z) + ((mats.m4 * mats.s)[3] + vec4(0.0, 0.0, 0.0, 4.0)) + (mats.m2x4[1] - (mats.m2x4 * 0.5)[1]) + col;
    vec3 t_5 = inv3[1];
    results[min(4u, uint(results.length()) - 1u)] = vec4(t_4[0], t2[1].x) + vec4(inv2[0], t_5.xy) + dets;
    results[min(5u, uint(results.length()) - 1u)] = vec4(2.0, 2.0, 2.0, 5.0) + vec4(h[3], vec4(mats.m3[2], 0.0).z) + vec4(t_1, 4.0);
    matrix_out[min(0u, uint(matrix_out.length()) - 1u)] = m_4;
    matrix_out[min(1u, uint(matrix_out.length()) - 1u)] = inv4 * transpose(inv4);
}
