#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, std430) readonly buffer I { int indices[]; };
layout(set = 0, binding = 1, std430) writeonly buffer C { vec4 colors[]; };
struct Foobar { float a; float b; };
vec4 resolve(Foobar f) { return vec4(f.a + f.b); }
// Luma clamps run-time indices as unsigned numbers
uint cl(int i, uint n) { return min(uint(i), n - 1u); }
void main() {
    const vec4 foo[3] = vec4[](vec4(1.0), vec4(2.0), vec4(3.0));
    const vec4 foobars[2][2] = vec4[][](vec4[](vec4(1.0), vec4(2.0)), vec4[](vec4(8.0), vec4(10.0)));
    const Foobar foos[2] = Foobar[](Foobar(10.0, 40.0), Foobar(90.0, 70.0));
    uint li = gl_LocalInvocationIndex;
    int index = indices[li];
    colors[li] = foo[cl(index, 3u)] + foobars[cl(index, 2u)][cl(index + 1, 2u)] + resolve(Foobar(10.0, 20.0)) + resolve(foos[cl(index, 2u)]);
}
