#version 450

layout(location = 0) out vec2 ndc;

void main() {
    vec2 ndc_1 = vec2(float((uint(gl_VertexIndex) << 1u) & 2u), float(uint(gl_VertexIndex) & 2u)) * 2.0 - vec2(1.0);
    gl_Position = vec4(ndc_1, 1.0, 1.0);
    ndc = ndc_1;
}
