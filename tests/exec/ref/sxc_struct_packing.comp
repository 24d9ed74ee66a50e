#version 450
layout(local_size_x = 1) in;
struct S0 { vec2 a[1]; float b; };
struct S1 { vec3 a; float b; };
struct S2 { vec3 a[1]; float b; };
struct S3 { vec2 a; float b; };
struct S4 { vec2 c; };
struct Content { S0 m0s[1]; S1 m1s[1]; S2 m2s[1]; S0 m0; S1 m1; S2 m2; S3 m3; float m4; S4 m3s[2]; };
struct Sub { float f[2]; vec2 f2[2]; vec3 f3[2]; vec4 f4[2]; };
layout(set = 0, binding = 0, std140) uniform U { Content content; mat2 m0; mat2x3 m2[2]; mat3x2 m3; } ssbo_140;
layout(set = 0, binding = 1, std430) buffer B { Content content; mat2 m0; mat2x3 m2[2]; mat3x2 m3; } ssbo_430;
layout(set = 0, binding = 2, std430) buffer SB { Sub subs[2]; };
layout(set = 0, binding = 3, std430) buffer IB { uint idx[2]; };
void main() {
    ssbo_430.content = ssbo_140.content;
    ssbo_430.m0 = ssbo_140.m0;
    ssbo_430.m2 = ssbo_140.m2;
    ssbo_430.m3 = ssbo_140.m3;
    ssbo_430.m2[1][0].z += ssbo_140.content.m3s[1].c.y;
    uint i = min(idx[0], 1u);
    uint s = min(idx[1], 1u);
    Sub foo = subs[s];
    foo.f[i] += 1.0;
    foo.f2[i] += 2.0;
    foo.f3[i] += 3.0;
    foo.f4[i] += 4.0;
    subs[s] = foo;
    subs[0].f[0] += 5.0;
    subs[0].f2[1] += 5.0;
}
