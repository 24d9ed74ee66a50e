#version 450

layout(location = 0) flat in ivec2 cell;
layout(location = 1) in float height;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, rgba16f) uniform readonly image2D hdr;
layout(set = 0, binding = 2, std140) uniform frame_block {
    mat4 view_proj;
    float exposure;
    float erosion;
    int grid;
    int _pad;
} frame;

ivec2 texel_in(ivec2 p) {
    return min(max(p, ivec2(0)), ivec2(frame.grid - 1));
}

void main() {
    ivec2 texel_in_1 = texel_in(cell);
    vec4 texel = imageLoad(hdr, clamp(texel_in_1, ivec2(0), imageSize(hdr) - 1));
    vec3 lit = texel.xyz * frame.exposure;
    color = vec4(lit + vec3(height * 0.01), 1.0);
}
