#version 450
void main() {
    uint vi = uint(gl_VertexIndex);
    vec2 uv = vec2(float((vi << 1u) & 2u), float(vi & 2u));
    gl_Position = vec4(uv * 2.0 - 1.0, 0.0, 1.0);
}
