#version 450
layout(location = 0) out vec2 uv;
layout(location = 1) flat out int tri;
layout(location = 2) noperspective out float np;
void main() {
    uint id = uint(gl_VertexIndex);
    vec2 p = vec2(float((id << 1u) & 2u), float(id & 2u));
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
    uv = p; tri = int(id / 3u) + 5; np = p.x * 0.5;
}
