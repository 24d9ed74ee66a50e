#version 450
// Reference for negative_index_clamp.luma: Luma's meaning (indices clamped as unsigned, so a
// negative one takes the last element) written out in GLSL.
layout(local_size_x = 1) in;
struct Item { float w[3]; vec4 v; };
layout(set = 0, binding = 0, std140) uniform U0 { vec4 rows[4]; };
layout(set = 0, binding = 1, std430) buffer B1 { Item items[]; };
layout(set = 0, binding = 2, std430) readonly buffer B2 { int idx[]; };
layout(set = 0, binding = 3, std430) buffer B3 { float outv[]; };
void main() {
    float local_values[3] = float[3](1.0, 2.0, 3.0);
    // idx = { -1, -5 }: as unsigned both are past every end, so each access takes the last
    // element.
    items[0].w[2] = 10.0;
    items[1].v[3] = 20.0;
    items[uint(items.length()) - 1u].w[0] = 30.0;
    outv[0] = local_values[2];
    outv[1] = rows[3].x;
    outv[2] = items[0].w[2];
    outv[3] = items[1].v[3];
    outv[4] = rows[2][3];
}
