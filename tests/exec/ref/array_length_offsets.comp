#version 450
// Reference for array_length_offsets.luma: the same blocks in GLSL std430.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer A { vec3 h; float items[]; } a;
layout(set = 0, binding = 1, std430) readonly buffer B { float n; vec3 items[]; } b;
layout(set = 0, binding = 2, std430) buffer Out { float outv[]; };
void main() {
    outv[0] = float(a.items.length());
    outv[1] = a.items[a.items.length() - 1];
    outv[2] = a.h.z;
    outv[3] = float(b.items.length());
    vec3 last = b.items[b.items.length() - 1];
    outv[4] = last.x;
    outv[5] = last.z;
    outv[6] = b.n;
}
