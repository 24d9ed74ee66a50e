#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int indices[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float results[]; };
const float LUT[16] = float[](1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0);
struct Foo { float a; float b; };
const Foo FOOS[2] = Foo[](Foo(10.0, 20.0), Foo(30.0, 40.0));
// Luma clamps run-time indices as unsigned numbers
uint cl(int i, uint n) { return min(uint(i), n - 1u); }
float shade(int index) {
    float color = LUT[cl(index, 16u)];
    if (index < 10) color += LUT[cl(index ^ 1, 16u)];
    else color += LUT[cl(index & 1, 16u)];
    vec4 foo[4] = vec4[](vec4(0.0), vec4(1.0), vec4(8.0), vec4(5.0));
    if (index > 30) color += foo[index & 3].y; else color += foo[index & 1].x;
    vec4 foobar[4] = vec4[](vec4(0.0), vec4(1.0), vec4(8.0), vec4(5.0));
    if (index > 30) foobar[1].z = 20.0;
    color += foobar[index & 3].z;
    vec4 baz[4] = vec4[](vec4(0.0), vec4(1.0), vec4(8.0), vec4(5.0));
    baz = vec4[](vec4(20.0), vec4(30.0), vec4(50.0), vec4(60.0));
    color += baz[index & 3].z;
    int line = index & 1;
    color += FOOS[line].a * FOOS[1 - line].b;
    float lut[5] = float[](1.0, 2.0, 3.0, 4.0, 5.0);
    float acc = 0.0;
    for (int i = 0; i < 4; i++, acc += lut[i]) {}
    return color + acc * 100.0;
}
void main() { uint li = gl_LocalInvocationIndex; results[li] = shade(indices[li]); }
