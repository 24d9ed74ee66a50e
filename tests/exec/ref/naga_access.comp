#version 450
layout(local_size_x = 1) in;
struct Wrapper { int value; };
layout(set = 0, binding = 0, std430) buffer B0 {
    mat4x3 matrix; mat2 matrix_array[2]; int atom; int atom_arr[10]; uvec2 arr[2]; Wrapper data[];
} bar;
layout(set = 0, binding = 1, std140) uniform U1 { mat3x2 m; } baz;
layout(set = 0, binding = 2, std430) buffer B2 { ivec2 qux; };
layout(set = 0, binding = 3, std140) uniform U3 { mat4x2 am[2]; } nested;
layout(set = 0, binding = 4, std430) readonly buffer B4 { int params[]; };
layout(set = 0, binding = 5, std430) buffer B5 { float outv[]; };
void put2(int at, vec2 v) { outv[at] = v.x; outv[at + 1] = v.y; }
float test_arr_as_arg(float a[5][10]) { return a[4][9]; }
void main() {
    int i0 = params[0], idx = params[1], i2 = params[2], i3 = params[3];
    uint vi = uint(params[2]);
    mat3x2 l0 = baz.m;
    put2(0, l0[0]); put2(2, l0[1]); put2(4, l0[2]); put2(6, baz.m[idx]);
    outv[8] = baz.m[0][idx]; outv[9] = baz.m[idx][1]; outv[10] = baz.m[i2][i0];
    mat3x2 t = mat3x2(vec2(6.0), vec2(5.0), vec2(4.0));
    t[0] = vec2(9.0); t[idx] = vec2(90.0); t[0][1] = 10.0; t[0][idx] = 20.0; t[idx][1] = 30.0; t[idx][idx] = 40.0;
    put2(11, t[0]); put2(13, t[1]); put2(15, t[2]);
    put2(17, nested.am[0][idx]); outv[19] = nested.am[0][0][idx]; outv[20] = nested.am[idx][i2][1]; outv[21] = nested.am[idx][i3][i0];
    mat4x2 t2[2] = mat4x2[2](mat4x2(0.0), mat4x2(0.0));
    t2[0] = mat4x2(vec2(8.0), vec2(7.0), vec2(6.0), vec2(5.0));
    t2[0][0] = vec2(9.0); t2[0][idx] = vec2(90.0); t2[0][0][1] = 10.0; t2[0][0][idx] = 20.0; t2[0][idx][1] = 30.0; t2[idx][idx][idx] = 40.0;
    for (int k = 0; k < 2; k++) for (int c = 0; c < 4; c++) put2(22 + k * 8 + c * 2, t2[k][c]);
    uint index = uint(i3);
    outv[38] = bar.matrix[index].x;
    int n = bar.data.length();
    outv[39] = float(bar.data[n - 2].value);
    outv[40] = bar.matrix_array[idx][i0][idx];
    ivec2 c = qux; outv[41] = float(c.x); outv[42] = float(c.y);
    int c2[5] = int[5](bar.data[n - 2].value, int(bar.matrix[index].x), 3, 4, 5);
    c2[vi + 1u] = 42; outv[43] = float(c2[vi]); outv[44] = float(c2[3]);
    float arr[5][10];
    for (int a = 0; a < 5; a++) for (int b = 0; b < 10; b++) arr[a][b] = 0.0;
    arr[i2 + 2][9] = 7.5;
    outv[45] = test_arr_as_arg(arr); outv[46] = arr[i3 + 1][i3 * 3];
    bar.matrix[idx][i2] = 1.0;
    bar.matrix[i3][idx] += 100.0;
    bar.matrix_array[idx][idx][i0] = -1.0;
    bar.arr[idx].y = 99u;
    bar.arr[i0] = uvec2(bar.arr[i0].y, bar.arr[i0].x);
    bar.data[idx].value = 1;
    atomicAdd(bar.atom_arr[i2 + i3 * 2], 5);
    atomicAdd(bar.atom, 3);
    qux = qux.yx;
}
