#version 450

layout(location = 0) out vec2 uv;

void main() {
    vec2 uv_1 = vec2(float((uint(gl_VertexIndex) << 1u) & 2u), float(uint(gl_VertexIndex) & 2u));
    gl_Position = vec4(uv_1 * 2.0 - vec2(1.0), 0.0, 1.0);
    uv = uv_1;
}
