#version 450

layout(location = 0) flat out ivec2 cell;
layout(location = 1) out float height_1;

layout(set = 0, binding = 1, r32f) uniform readonly image2D height;
layout(set = 0, binding = 2, std140) uniform frame_block {
    mat4 view_proj;
    float exposure;
    float erosion;
    int grid;
    int _pad;
} frame;

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
int luma_div(int a, int b) {
    return a / ((b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b);
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

ivec2 texel_in(ivec2 p) {
    return min(max(p, ivec2(0)), ivec2(frame.grid - 1));
}

float height_at(ivec2 p) {
    ivec2 texel_in_1 = texel_in(p);
    vec4 texel = imageLoad(height, clamp(texel_in_1, ivec2(0), imageSize(height) - 1));
    return texel.x;
}

ivec2 height_cell(uint vi) {
    ivec2 size = imageSize(height);
    return ivec2(luma_rem(int(vi), size.x), luma_div(int(vi), size.x));
}

void main() {
    ivec2 height_cell_1 = height_cell(uint(gl_VertexIndex));
    ivec2 cell_1 = texel_in(height_cell_1);
    float h = height_at(cell_1);
    vec4 world = vec4(float(cell_1.x), h, float(cell_1.y), 1.0);
    gl_Position = frame.view_proj * world;
    cell = cell_1;
    height_1 = h;
}
