#version 450
layout(local_size_x = 1) in;
struct Hit { float t; int id; vec3 n; };
layout(set = 0, binding = 0, std430) readonly buffer B0 { int grid[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { int ins[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int o[]; };
layout(set = 0, binding = 3, std430) buffer B3 { float fo[]; };
int find(int target) {
    for (int r = 0; r <= 4; r++) for (int c = 0; c <= 4; c++) {
        if (grid[r * 5 + c] == target) return r * 10 + c;
        else if (grid[r * 5 + c] < 0) break;
    }
    return -1;
}
Hit first_hit(int limit) {
    int k = 0;
    for (int pass = 1; pass <= 3; pass++) {
        while (k < 25) { int v = grid[k]; k += 1; if (v > limit) return Hit(float(v) * 0.5, k - 1 + pass * 100, vec3(float(pass))); }
        k = 0; limit -= 10;
    }
    return Hit(-1.0, -1, vec3(0.0));
}
void main() {
    for (int q = 0; q < 5; q++) o[q] = find(ins[5 + q]);
    Hit h1 = first_hit(25), h2 = first_hit(40), h3 = first_hit(60);
    o[5] = h1.id; o[6] = h2.id; o[7] = h3.id;
    fo[0] = h1.t + h2.n.y * 100.0; fo[1] = h3.t + h3.n.z;
    int sum = 0; bool done = false;
    for (int a = 0; a <= 4; a++) {
        for (int b = 0; b <= 4; b++) {
            int v = grid[a * 5 + b];
            if (v < 0) break;
            else if (v > 12) { if (v == 14) { done = true; break; } else sum += 1000; }
            else sum += v;
        }
        if (done) break;
    }
    o[8] = sum;
    int hi = ins[0], lo = ins[1], down = ins[2], up = ins[4];
    int n1 = 0, s1 = 0;
    for (int i = hi; i >= lo; i += down) { n1 += 1; s1 += i; }
    int n4 = 0;
    for (int i = hi; i <= lo; i += up) n4 += 1;
    o[9] = n1 * 100 + s1;
    o[10] = 0 * 100 + 0 * 10 + n4;
    bool flag = ins[4] == 1;
    int arr[3] = flag ? int[3](1, 2, 3) : int[3](4, 5, 6);
    int arr2[3] = !flag ? arr : int[3](arr[2], arr[1], arr[0]);
    o[11] = arr[lo] * 10 + arr2[lo + 1];
    o[12] = flag ? first_hit(25).id : first_hit(60).id;
    mat2 m = !flag ? mat2(1.0) : mat2(vec2(1.0, 2.0), vec2(3.0, 4.0));
    fo[2] = m[lo][0] + m[0][lo] * 10.0;
    int cls = 0;
    for (int c = 0; c <= 4; c++) {
        int v = grid[10 + c];
        int k = v < 0 ? -1 : v == 0 ? 0 : v < 10 ? 1 : 2;
        int p = 1; for (int e = 1; e <= c; e++) p *= 10;
        cls += (k + 1) * p;
    }
    o[13] = cls;
}
