#version 450
layout(local_size_x = 1) in;
struct Pair { int a; int b; };
struct Cell { ivec4 v; int w[3]; };
layout(set = 0, binding = 0, std430) buffer B0 { int ctr[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { int flags[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int data[]; };
layout(set = 0, binding = 3, std430) buffer B3 { int logv[]; };
layout(set = 0, binding = 4, std430) buffer B4 { int outv[]; };
layout(set = 0, binding = 5, std430) buffer B5 { uint atoms[]; };

int tick(int tag) { int n = ctr[0]; logv[n] = tag; ctr[0] = n + 1; return tag; }
bool tb(int tag, bool v) { return tick(tag) == tag && v; }
bool below(int n) { ctr[1] += 1; return ctr[1] <= n; }
int combine(int a, int b, int c) { return a * 10000 + b * 100 + c; }
void bump(int i) { data[i] += 1000; }

void main() {
    bool t = flags[0] == 1;
    bool f = flags[1] == 1;
    int arr[4] = int[4](1, 2, 3, 4);
    { int k = tick(2) - 1; arr[k] += 10; }
    outv[0] = arr[0] * 1000 + arr[1] * 100 + arr[2] * 10 + arr[3];
    { int k = tick(1); data[k] *= 3; }
    ivec4 iv = ivec4(1, 2, 3, 4);
    { int k = tick(3); iv[k] -= 5; }
    outv[1] = iv.x + iv.y * 10 + iv.w * 100;
    Cell cells[2] = Cell[2](Cell(ivec4(0), int[3](1, 2, 3)), Cell(ivec4(5), int[3](4, 5, 6)));
    { int a = tick(1); int b = tick(2); cells[a].w[b] <<= 2; }
    { int a = tick(0); int b = tick(3); cells[a].v[b] += 7; }
    outv[2] = cells[1].w[2] * 100 + cells[0].v.w;
    { int a = tick(4); int b = tick(5); int c = tick(6); outv[3] = combine(a, b, c); }
    { int a = tick(7); int b = tick(8); int c = tick(9); ivec3 cv = ivec3(a, b, c); outv[4] = cv.x * 10000 + cv.y * 100 + cv.z; }
    { int a = tick(10); int b = tick(11); Pair p = Pair(a, b); outv[5] = p.a * 100 + p.b; }
    { int a = tick(12); int b = tick(13); int m = max(a, b); int c = tick(14); int d = tick(15); outv[6] = m + min(c, d) * 100; }
    int sc = 0;
    if ((tb(16, t) && (tb(17, f) || tb(18, t))) || tb(19, t)) sc += 1;
    if ((tb(20, f) && tb(21, t)) || (tb(22, f) && tb(23, t))) sc += 10;
    outv[7] = sc;
    { int a = f ? tick(24) : tick(25); int b = tick(26); int c = t ? tick(27) : tick(28); outv[8] = combine(a, b, c); }
    int body = 0;
    for (int guard = 0; guard < 10; guard++) { if (!below(3)) break; body += 1; }
    outv[9] = body * 100 + ctr[1];
    int iters = 0;
    { int first = tick(30) - 30; int last = tick(31) - 28; int step = tick(32) - 31;
      for (int i = first; i <= last; i += step) { iters += 1; data[3] += i; } }
    outv[10] = iters;
    int unused = tick(40);
    int z = tick(41) * 0;
    int twice = tick(42); twice += tick(42);
    outv[11] = z + twice;
    uint o1 = atomicAdd(atoms[0], 1u);
    uint o2 = atomicAdd(atoms[0], 1u);
    outv[12] = int(o1 + o2);
    int before = data[0];
    data[0] = 5;
    int after = data[0];
    bump(0);
    int later = data[0];
    outv[13] = before * 10000 + after * 1000 + later - 1000;
    if (f && atomicAdd(atoms[1], 1u) == 0u) outv[14] = -1;
    if (t && atomicAdd(atoms[1], 10u) == 0u) outv[14] = 1;
    outv[15] = ctr[0];
    { int pa = tick(50); int pb = tick(51); data[3] += pa + pb - 101; }
}
