#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std430) readonly buffer b0_block {
    float a;
} b0;
layout(set = 1, binding = 0, std430) readonly buffer b1_block {
    float a;
} b1;
layout(set = 2, binding = 0, std430) readonly buffer b2_block {
    float a;
} b2;
layout(set = 3, binding = 0, std430) readonly buffer b3_block {
    float a;
} b3;
layout(set = 4, binding = 0, std430) readonly buffer b4_block {
    float a;
} b4;
layout(set = 5, binding = 0, std430) readonly buffer b5_block {
    float a;
} b5;
layout(set = 6, binding = 0, std430) readonly buffer b6_block {
    float a;
} b6;
layout(set = 7, binding = 0, std430) readonly buffer b7_block {
    float a;
} b7;
layout(set = 9, binding = 1, std140) uniform b8_block {
    float a;
} b8;
layout(set = 8, binding = 1, std140) uniform b9_block {
    float a;
} b9;
layout(set = 10, binding = 1, std140) uniform b10_block {
    float a;
} b10;
layout(set = 11, binding = 1, std140) uniform b11_block {
    float a;
} b11;
layout(set = 12, binding = 1, std140) uniform b12_block {
    float a;
} b12;
layout(set = 13, binding = 1, std140) uniform b13_block {
    float a;
} b13;
layout(set = 14, binding = 1, std140) uniform b14_block {
    float a;
} b14;
layout(set = 15, binding = 1, std140) uniform b15_block {
    float a;
} b15;
layout(set = 0, binding = 1) uniform texture2D t0;
layout(set = 1, binding = 1) uniform texture2D t1;
layout(set = 2, binding = 1) uniform texture2D t2;
layout(set = 3, binding = 1) uniform texture2D t3;
layout(set = 4, binding = 1) uniform texture2D t4;
layout(set = 5, binding = 1) uniform texture2D t5;
layout(set = 6, binding = 1) uniform texture2D t6;
layout(set = 7, binding = 1) uniform texture2D t7;
layout(set = 8, binding = 200) uniform texture2D t8;
layout(set = 9, binding = 200) uniform texture2D t9;
layout(set = 10, binding = 200) uniform texture2D t10;
layout(set = 11, binding = 200) uniform texture2D t11;
layout(set = 12, binding = 200) uniform texture2D t12;
layout(set = 13, binding = 200) uniform texture2D t13;
layout(set = 14, binding = 200) uniform texture2D t14;
layout(set = 15, binding = 200) uniform texture2D t15;
layout(set = 0, binding = 200) uniform sampler s0;
layout(set = 1, binding = 200) uniform sampler s1;
layout(set = 2, binding = 200) uniform sampler s2;
layout(set = 3, binding = 200) uniform sampler s3;
layout(set = 4, binding = 200) uniform sampler s4;
layout(set = 5, binding = 200) uniform sampler s5;
layout(set = 6, binding = 200) uniform sampler s6;
layout(set = 7, binding = 200) uniform sampler s7;
layout(set = 8, binding = 300) uniform samplerShadow s8;
layout(set = 9, binding = 300) uniform samplerShadow s9;
layout(set = 10, binding = 300) uniform samplerShadow s10;
layout(set = 11, binding = 300) uniform samplerShadow s11;
layout(set = 12, binding = 300) uniform samplerShadow s12;
layout(set = 13, binding = 300) uniform samplerShadow s13;
layout(set = 14, binding = 300) uniform samplerShadow s14;
layout(set = 15, binding = 300) uniform samplerShadow s15;

void main() {
    float a = b0.a;
    float a_1 = b1.a;
    float a_2 = b2.a;
    float a_3 = b3.a;
    float a_4 = b4.a;
    float a_5 = b5.a;
    float a_6 = b6.a;
    float a_7 = b7.a;
    float t = a + a_1 + a_2 + a_3 + a_4 + a_5 + a_6 + a_7 + b8.a + b9.a + b10.a + b11.a + b12.a + b13.a;
    float sum = t + b14.a + b15.a;
    vec4 c = vec4(sum);
    vec4 texel = texture(sampler2D(t0, s0), uv);
    vec4 c_1 = c + texel;
    vec4 texel_1 = texture(sampler2D(t1, s1), uv);
    vec4 c_2 = c_1 + texel_1;
    vec4 texel_2 = texture(sampler2D(t2, s2), uv);
    vec4 c_3 = c_2 + texel_2;
    vec4 texel_3 = texture(sampler2D(t3, s3), uv);
    vec4 c_4 = c_3 + texel_3;
    vec4 texel_4 = texture(sampler2D(t4, s4), uv);
    vec4 c_5 = c_4 + texel_4;
    vec4 texel_5 = texture(sampler2D(t5, s5), uv);
    vec4 c_6 = c_5 + texel_5;
    vec4 texel_6 = texture(sampler2D(t6, s6), uv);
    vec4 c_7 = c_6 + texel_6;
    vec4 texel_7 = texture(sampler2D(t7, s7), uv);
    vec4 c_8 = c_7 + texel_7;
    float texel_8 = texture(sampler2DShadow(t8, s8), vec3(uv, 0.5));
    float d = 0.0 + texel_8;
    float texel_9 = texture(sampler2DShadow(t9, s9), vec3(uv, 0.5));
    float d_1 = d + texel_9;
    float texel_10 = texture(sampler2DShadow(t10, s10), vec3(uv, 0.5));
    float d_2 = d_1 + texel_10;
    float texel_11 = texture(sampler2DShadow(t11, s11), vec3(uv, 0.5));
    float d_3 = d_2 + texel_11;
    float texel_12 = texture(sampler2DShadow(t12, s12), vec3(uv, 0.5));
    float d_4 = d_3 + texel_12;
    float texel_13 = texture(sampler2DShadow(t13, s13), vec3(uv, 0.5));
    float d_5 = d_4 + texel_13;
    float texel_14 = texture(sampler2DShadow(t14, s14), vec3(uv, 0.5));
    float d_6 = d_5 + texel_14;
    float texel_15 = texture(sampler2DShadow(t15, s15), vec3(uv, 0.5));
    float d_7 = d_6 + texel_15;
    color = c_8 * d_7;
}
