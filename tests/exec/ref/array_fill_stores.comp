#version 450
// Reference for array_fill_stores.luma: the fills written element by element.
layout(local_size_x = 2) in;
struct Block { float head; vec3 points[4]; float tail[3]; };
layout(set = 0, binding = 0, std430) buffer In { float inp[]; };
layout(set = 0, binding = 1, std430) buffer B { Block blocks[]; };
shared vec2 tile[8];
void main() {
    uint li = gl_LocalInvocationIndex;
    float x = inp[li];
    for (int k = 0; k < 4; k++) blocks[li].points[k] = vec3(x, x + 1.0, x + 2.0);
    for (int k = 0; k < 3; k++) blocks[li].tail[k] = x * 10.0;
    blocks[li].head = x;
    if (li == 0u) { for (int k = 0; k < 8; k++) tile[k] = vec2(x, -x); }
    barrier();
    blocks[li].points[3] = vec3(tile[7], tile[li].x);
}
