#version 450
layout(local_size_x = 1) in;
struct Xf { mat3 a; mat3x2 b; mat2x3 c; mat2 d[2]; int k; };
layout(set = 0, binding = 0, std430) readonly buffer B0 { int idx[]; };
layout(set = 0, binding = 1, std430) buffer B1 { Xf xs[]; };
layout(set = 0, binding = 2, std430) buffer B2 { Xf outx[]; };
void main() {
    int i0 = idx[0], i1 = idx[1], i2 = idx[2];
    xs[i1].a[i2] = vec3(-1.0, -2.0, -3.0);
    xs[i1].b[i2][i1] = 99.0;
    xs[i0].c[i1].zx = vec2(7.0, 8.0);
    xs[i2].d[i1][i0] = xs[i2].d[i0][i1] * 2.0;
    xs[i0].a *= 2.0;
    xs[i2].b = transpose(xs[i0].c);
    xs[i0].d[i0] = xs[i0].d[i0] * mat2(vec2(0.0, 1.0), vec2(1.0, 0.0));
    xs[i1].c[i0] += xs[i1].a[i2] * 0.5;
    xs[i1].k += xs.length();
    Xf local = xs[i1];
    local.k = -local.k;
    local.a[i0].x = 1000.0;
    local.b = local.b * mat3(2.0);
    outx[0] = local;
    xs[i1].d[i1][i1][i1] = local.a[0][0];
}
