#version 450

void main() {
    vec2 uv = vec2(float((uint(gl_VertexIndex) << 1u) & 2u), float(uint(gl_VertexIndex) & 2u));
    gl_Position = vec4(uv * 2.0 - vec2(1.0), 0.0, 1.0);
}
