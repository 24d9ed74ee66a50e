#version 450

struct Surface {
    vec4 clip;
    vec2 uv;
};

layout(location = 0) out vec2 uv;

void main() {
    vec2 p = vec2(float((uint(gl_VertexIndex) << 1u) & 2u), float(uint(gl_VertexIndex) & 2u));
    Surface t = Surface(vec4(p * 2.0 - vec2(1.0), 0.5, 1.0), p);
    gl_Position = t.clip;
    uv = t.uv;
}
