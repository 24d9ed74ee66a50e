#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int params[]; };
layout(set = 0, binding = 1, std430) buffer B1 { int outv[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int counter; };
struct S { int x; int arr[2]; };
int scramble_array(int a[4], int i) { a[i] = 100; a[0] += a[i]; return a[0] + a[1] + a[2] + a[3]; }
int scramble_struct(S s, int i) { s.arr[i] = 7; s.x = s.arr[0] + s.arr[1]; return s.x; }
float scramble_matrix(mat2 m, int i) { m[i] = vec2(5.0); m[0][i] += 1.0; return m[0][0] + m[0][1] + m[1][0] + m[1][1]; }
int scramble_vector(ivec3 v, int i) { v[i] = 9; v.xy = v.yx; return v.x * 100 + v.y * 10 + v.z; }
int nested_scramble(int a[4], int i) { int r = scramble_array(a, i); a[1] = r; return a[1] + scramble_array(a, 3 - i); }
int tick(int v) { return atomicAdd(counter, 1) * 10 + v; }
void main() {
    int i = params[0];
    int a[4] = int[4](1, 2, 3, 4);
    outv[0] = scramble_array(a, i); outv[1] = a[0] + a[1] * 10 + a[2] * 100 + a[3] * 1000;
    S s = S(3, int[2](4, 5));
    outv[2] = scramble_struct(s, i - 1); outv[3] = s.x * 100 + s.arr[0] * 10 + s.arr[1];
    mat2 m = mat2(1.0, 2.0, 3.0, 4.0);
    outv[4] = int(scramble_matrix(m, i - 1)); outv[5] = int(m[0][0] + m[0][1] * 10.0 + m[1][0] * 100.0 + m[1][1] * 1000.0);
    ivec3 v = ivec3(1, 2, 3);
    outv[6] = scramble_vector(v, i); outv[7] = v.x * 100 + v.y * 10 + v.z;
    outv[8] = nested_scramble(a, i); outv[9] = a[0] + a[1] * 10 + a[2] * 100 + a[3] * 1000;
    outv[10] = 2; outv[11] = 30;
    int t1 = tick(1); int t2 = tick(2); int t3 = tick(3);
    outv[12] = t1 * 10000 + t2 * 100 + t3;
    outv[13] = 34;
    int tx = tick(4);
    outv[14] = tx + 20;
}
