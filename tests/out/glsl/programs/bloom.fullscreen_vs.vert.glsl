#version 450

struct Fullscreen {
    vec4 clip;
    vec2 uv;
};

layout(location = 0) out vec2 uv;

void main() {
    vec2 uv_1 = vec2(float((uint(gl_VertexIndex) << 1u) & 2u), float(uint(gl_VertexIndex) & 2u));
    Fullscreen t = Fullscreen(vec4(uv_1.x * 2.0 - 1.0, 1.0 - uv_1.y * 2.0, 0.0, 1.0), uv_1);
    gl_Position = t.clip;
    uv = t.uv;
}
