#version 450
layout(local_size_x = 1) in;
struct Inner { vec4 v[3]; int k; };
struct Outer { Inner items[2]; mat2 m; ivec2 tag; };
layout(set = 0, binding = 0, std430) readonly buffer B0 { int idx[]; };
layout(set = 0, binding = 1, std430) buffer B1 { Inner cells[]; };
layout(set = 0, binding = 2, std430) buffer B2 { float outv[]; };

Outer fill(float base) {
    Outer o;
    o.items[0].v[0] = vec4(base); o.items[0].v[1] = vec4(base + 1.0); o.items[0].v[2] = vec4(base + 2.0); o.items[0].k = 1;
    o.items[1].v[0] = vec4(base + 3.0); o.items[1].v[1] = vec4(base + 4.0); o.items[1].v[2] = vec4(base + 5.0); o.items[1].k = 2;
    o.m = mat2(base); o.tag = ivec2(7, 8);
    return o;
}
float scramble(Outer o, int i, int j) {
    o.items[i].v[j].x = 100.0;
    o.items[1 - i].k = 50;
    o.m[j - 1][i - 1] = 9.0;
    return o.items[i].v[j].x + float(o.items[0].k) + o.m[1][0];
}
float total(Outer o) {
    float s = 0.0;
    for (int a = 0; a <= 1; a++) {
        for (int b = 0; b <= 2; b++) s += dot(o.items[a].v[b], vec4(1.0, 2.0, 3.0, 4.0));
        s += float(o.items[a].k) * 1000.0;
    }
    return s + o.m[0][0] + o.m[0][1] * 10.0 + o.m[1][0] * 100.0 + o.m[1][1] * 0.5;
}
void main() {
    int i0 = idx[0], i1 = idx[1], i2 = idx[2];
    Outer a = fill(1.0);
    Outer b = a;
    b.items[i1].v[i2].x = -1.0;
    b.items[i0].v[i1].yz = vec2(20.0, 30.0);
    b.items[i1].v[i0].w += 0.5;
    b.items[i0].k = 11;
    b.m[i1][i0] = 4.0;
    b.tag.y = 80;
    outv[0] = a.items[1].v[2].x;
    outv[1] = b.items[1].v[2].x;
    outv[2] = a.items[0].v[1].y;
    outv[3] = b.items[0].v[1].y + b.items[0].v[1].z;
    outv[4] = b.items[1].v[0].w;
    outv[5] = float(a.items[0].k * 100 + b.items[0].k);
    outv[6] = a.m[1][0] + b.m[1][0] * 10.0;
    outv[7] = float(a.tag.y + b.tag.y);
    Inner inner = b.items[i1];
    inner.v[i0] = vec4(9.0);
    inner.k = -5;
    outv[8] = b.items[1].v[0].x + inner.v[0].x;
    outv[9] = float(b.items[1].k + inner.k);
    b.items[i0] = b.items[i1];
    b.items[i1].k = 99;
    b.items[i1].v[i1].y = 77.0;
    outv[10] = float(b.items[0].k);
    outv[11] = b.items[0].v[1].y;
    b.items[i1] = b.items[i1];
    outv[12] = b.items[1].v[1].y;
    Inner t = b.items[i0];
    b.items[i0] = b.items[i1];
    b.items[i1] = t;
    outv[13] = float(b.items[0].k * 1000 + b.items[1].k);
    outv[14] = b.items[0].v[1].y - b.items[1].v[1].y;
    outv[15] = scramble(a, i1, i2);
    outv[16] = a.items[1].v[2].x + float(a.items[0].k) + a.m[1][0];
    outv[17] = total(a);
    outv[18] = total(fill(float(i2)));
    ivec2 grid[3][2] = ivec2[3][2](ivec2[2](ivec2(1, 2), ivec2(3, 4)), ivec2[2](ivec2(5, 6), ivec2(7, 8)), ivec2[2](ivec2(9, 10), ivec2(11, 12)));
    ivec2 row[2] = grid[i2];
    row[i1].y = 0;
    grid[i2][i0].x += grid[i1][i1].y;
    grid[i0] = grid[i2];
    grid[i2][i1] = ivec2(-1);
    outv[19] = float(row[1].y + row[0].x);
    outv[20] = float(grid[0][0].x + grid[0][1].y);
    outv[21] = float(grid[2][1].x + grid[2][0].x);
    Inner e = cells[i1];
    e.k += 5;
    e.v[i2].z = 3.5;
    cells[i2] = e;
    cells[i0].v[i1].xw = cells[i1].v[i0].yx;
    cells[i1].v[cells[i0].k] += vec4(0.25);
    outv[22] = float(cells[1].k);
}
