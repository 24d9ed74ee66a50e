#version 450
layout(location = 2) out float d3;
layout(location = 3) out float d4;
void main() {
    uint id = uint(gl_VertexIndex);
    vec2 p = vec2(float((id << 1u) & 2u), float(id & 2u));
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
    d3 = p.x - 0.75;
    d4 = p.y - 0.75;
}
