#version 450
layout(local_size_x = 1) in;
struct Pair { int a; vec2 b; };
const int TABLE[5] = int[5](2, 3, 5, 7, 11);
layout(set = 0, binding = 0, std430) readonly buffer B0 { int idx[]; };
layout(set = 0, binding = 1, std430) buffer B1 { int o[]; };
layout(set = 0, binding = 2, std430) buffer B2 { float fout[]; };
Pair bump(Pair p) { p.a += 100; p.b *= 2.0; return p; }
int sum(int xs[4]) { int s = 0; for (int i = 0; i <= 3; i++) s += xs[i]; xs[0] = 1000; return s; }
int[4] make(int n) { return int[4](n, n * 2, n * 3, n * 4); }
void main() {
    int arr[4] = int[4](10, 20, 30, 40);
    int copy[4] = arr; copy[idx[0]] = -1;
    o[0] = arr[idx[0]]; o[1] = copy[2]; o[2] = sum(arr); o[3] = arr[0];
    o[4] = TABLE[idx[2]]; o[5] = 4 + 5;
    int m[4] = make(idx[3] + 1); o[6] = m[3];
    Pair p = Pair(1, vec2(0.5, 1.5)); Pair q = bump(p);
    o[7] = p.a; o[8] = q.a; fout[0] = q.b.x + q.b.y; fout[1] = p.b.y;
    Pair pairs[2] = Pair[2](Pair(5, vec2(1.0)), Pair(6, vec2(2.0))); pairs[idx[3]].a = 60;
    o[9] = pairs[0].a + pairs[1].a;
    int grid[2][3] = int[2][3](int[3](1, 2, 3), int[3](4, 5, 6));
    o[10] = grid[idx[3]][idx[0]];
    grid[0] = grid[1]; grid[1][0] = 0; o[11] = grid[0][0] * 10 + grid[1][0];
    vec2 vs[3] = vec2[3](vec2(1.0), vec2(2.0, 3.0), vec2(4.0)); fout[2] = vs[idx[3]].y;
}
