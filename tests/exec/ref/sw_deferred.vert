#version 450
layout(location = 0) out vec2 uv;
void main() {
    uint id = uint(gl_VertexIndex);
    vec2 p = vec2(float((id << 1u) & 2u), float(id & 2u));
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
    uv = p;
}
