#version 450
layout(set = 0, binding = 0, r32f) uniform readonly image2D offsets;
void main() {
    uint id = uint(gl_VertexIndex);
    vec2 corner = vec2(float(id & 1u), float(id >> 1u)) * 2.0 - 1.0;
    float scale = imageLoad(offsets, ivec2(0, 0)).x;
    float offset = imageLoad(offsets, ivec2(1, 0)).x;
    gl_Position = vec4(corner * scale + vec2(offset), 0.0, 1.0);
}
