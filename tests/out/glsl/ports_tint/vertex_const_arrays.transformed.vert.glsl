#version 450

layout(set = 0, binding = 0, std140) uniform x_20_block {
    mat2 transform1;
} x_20;
layout(set = 1, binding = 0, std140) uniform x_26_block {
    mat2 transform2;
} x_26;

void main() {
    vec2 indexable[3] = vec2[3](vec2(0.0), vec2(0.0), vec2(0.0));
    indexable = vec2[3](vec2(-1.0, 1.0), vec2(1.0), vec2(-1.0));
    mat2 t1 = x_20.transform1;
    mat2 t2 = x_26.transform2;
    vec2 t = indexable[min(uint(gl_VertexIndex), 2u)];
    vec2 p = mat2(t1[0] + t2[0], t1[1] + t2[1]) * t;
    gl_Position = vec4(p.x, p.y, 0.0, 1.0);
}
