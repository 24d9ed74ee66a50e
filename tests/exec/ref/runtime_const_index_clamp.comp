#version 450
// Reference for runtime_const_index_clamp.luma: Luma's meaning (the last element) written out
// in GLSL.
layout(local_size_x = 1) in;
struct Item { float a; vec2 b; };
layout(set = 0, binding = 0, std430) buffer B0 { float vals[]; };
layout(set = 0, binding = 1, std430) buffer B1 { uint count; Item items[]; } tail;
layout(set = 0, binding = 2, std430) buffer B2 { float outv[]; };
void main() {
    outv[0] = vals[vals.length() - 1];
    vals[vals.length() - 1] = 9.0;
    outv[1] = tail.items[tail.items.length() - 1].b.y;
    tail.items[tail.items.length() - 1].a = 5.0;
    outv[2] = tail.items[0].a;
    outv[outv.length() - 1] = 4.0;
}
