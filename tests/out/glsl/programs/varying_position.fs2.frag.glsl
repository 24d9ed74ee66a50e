#version 450

struct Surface {
    vec4 clip;
    vec2 uv;
};

struct fs2_out {
    vec4 color;
};

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

void main() {
    Surface s = Surface(vec4(0.0), uv);
    color = fs2_out(vec4(s.uv, 0.0, 1.0)).color;
}
