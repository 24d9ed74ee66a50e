#version 450
layout(local_size_x = 1) in;
struct M { mat3 a; mat2x3 b; mat3x2 c; vec3 v; vec2 w; };
layout(set = 0, binding = 0, std430) buffer B0 { M m; };
layout(set = 0, binding = 1, std140) uniform B1 { M u; };
layout(set = 0, binding = 2, std430) buffer B2 { float o[]; };
void main() {
    int k = int(u.w.x);
    m.a = m.a * u.a;
    m.a[k] += vec3(1.0);
    m.a[2 - k].zx *= vec2(2.0, 3.0);
    m.b[1].z -= u.v.y;
    m.v = m.v * m.a;
    m.w = m.v * m.b;
    m.c += u.c * 2.0;
    m.c[k][1 - k] /= 4.0;
    mat2 t = transpose(m.b) * m.b + m.c * m.b;
    o[0] = t[0][0]; o[1] = t[1][0]; o[2] = t[0][1]; o[3] = t[1][1];
    m.b = m.b * mat2(u.c[0], u.c[1]);
}
