#version 450

struct Surface {
    vec4 clip;
    vec2 uv;
};

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

float pixel_index(Surface s) {
    return floor(s.clip.x) + 4.0 * floor(s.clip.y);
}

void main() {
    Surface s = Surface(gl_FragCoord, uv);
    float pixel_index_1 = pixel_index(s);
    color = vec4(uv, pixel_index_1, 1.0);
}
