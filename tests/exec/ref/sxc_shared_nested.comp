#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer block { uint passed[16]; };
struct sA { mat2x3 mA; };
struct sB { mat2 mA; mat3x2 mB; uvec3 mC; };
struct sC { sA mA; sB mB; };
struct sD { sC mA; };
struct sE { mat3x2 mA; mat4x3 mB; };
struct sF { sE mA; };
struct sG { sF mA; };
struct sH { bvec3 mA[2]; };
struct S1 { sD a; sG b; sH c[2]; ivec3 i; uvec2 u; bvec4 bv; uint d; };
bool cf(float a, float b) { return abs(a - b) < 0.05; }
bool c2(vec2 a, vec2 b) { return cf(a.x, b.x) && cf(a.y, b.y); }
bool c3(vec3 a, vec3 b) { return cf(a.x, b.x) && cf(a.y, b.y) && cf(a.z, b.z); }
shared S1 s1;
void main() {
    s1.a.mA.mA.mA = mat2x3(6.0, 8.0, 8.0, 0.0, -4.0, -5.0);
    s1.a.mA.mB.mA = mat2(9.0, -4.0, -6.0, -1.0);
    s1.a.mA.mB.mB = mat3x2(-1.0, -2.0, 1.0, 6.0, 5.0, 7.0);
    s1.a.mA.mB.mC = uvec3(3u, 1u, 5u);
    s1.b.mA.mA.mA = mat3x2(8.0, 3.0, 0.0, 2.0, 1.0, 8.0);
    s1.b.mA.mA.mB = mat4x3(0.0, 9.0, -1.0, -1.0, -7.0, 7.0, -4.0, -3.0, 1.0, -4.0, -9.0, 1.0);
    s1.c[0].mA[0] = bvec3(true, false, false);
    s1.c[0].mA[1] = bvec3(true, false, false);
    s1.c[1].mA[0] = bvec3(false, false, false);
    s1.c[1].mA[1] = bvec3(false, true, false);
    s1.c[1].mA[1].z = true;
    s1.i = ivec3(6, 8, 8);
    s1.u = uvec2(4u, 4u);
    s1.bv = bvec4(false, false, false, true);
    s1.d = 6u;
    barrier();
    mat2x3 a = s1.a.mA.mA.mA; mat2 b = s1.a.mA.mB.mA; mat3x2 c = s1.a.mA.mB.mB;
    mat3x2 e = s1.b.mA.mA.mA; mat4x3 f = s1.b.mA.mA.mB;
    bool ok[16];
    ok[0] = c3(a[0], vec3(6.0, 8.0, 8.0)) && c3(a[1], vec3(0.0, -4.0, -5.0));
    ok[1] = c2(b[0], vec2(9.0, -4.0)) && c2(b[1], vec2(-6.0, -1.0));
    ok[2] = c2(c[0], vec2(-1.0, -2.0)) && c2(c[1], vec2(1.0, 6.0)) && c2(c[2], vec2(5.0, 7.0));
    ok[3] = s1.a.mA.mB.mC == uvec3(3u, 1u, 5u);
    ok[4] = c2(e[0], vec2(8.0, 3.0)) && c2(e[1], vec2(0.0, 2.0)) && c2(e[2], vec2(1.0, 8.0));
    ok[5] = c3(f[0], vec3(0.0, 9.0, -1.0)) && c3(f[1], vec3(-1.0, -7.0, 7.0)) && c3(f[2], vec3(-4.0, -3.0, 1.0)) && c3(f[3], vec3(-4.0, -9.0, 1.0));
    ok[6] = s1.c[0].mA[0] == bvec3(true, false, false);
    ok[7] = s1.c[0].mA[1] == bvec3(true, false, false);
    ok[8] = s1.c[1].mA[0] == bvec3(false, false, false);
    ok[9] = s1.c[1].mA[1] == bvec3(false, true, true);
    ok[10] = s1.i == ivec3(6, 8, 8);
    ok[11] = s1.u == uvec2(4u, 4u);
    ok[12] = s1.bv == bvec4(false, false, false, true);
    ok[13] = s1.d == 6u;
    ok[14] = f[2].y == -3.0;
    ok[15] = !s1.c[1].mA[0].y;
    for (int i = 0; i < 16; i++) passed[i] = ok[i] ? 1u : 0u;
}
