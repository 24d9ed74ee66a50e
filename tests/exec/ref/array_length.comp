#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float floats[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { float scale; uint count; vec2 pad0; vec4 items[]; } tail;
layout(set = 0, binding = 2, std430) readonly buffer B2 { int ints[]; };
layout(set = 0, binding = 3, std430) buffer B3 { int o[]; };
void main() {
    o[0] = floats.length(); o[1] = tail.items.length(); o[2] = ints.length(); o[3] = 5;
    float sum = 0.0; for (int i = 0; i <= floats.length() - 1; i++) sum += floats[i]; o[4] = int(sum);
    float w = 0.0; for (int i = 0; i <= tail.items.length() - 1; i++) w += tail.items[i].w; o[5] = int(w * tail.scale);
}
