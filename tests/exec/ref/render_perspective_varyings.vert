#version 450
layout(location = 0) out vec2 uv;
layout(location = 1) noperspective out vec3 screen;
layout(location = 2) flat out float layer;
layout(location = 5) flat out ivec2 ids;
layout(location = 6) flat out uint mask;
layout(location = 7) out vec4 weight;
const vec2 NDC[4] = vec2[4](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0), vec2(1.0, 1.0));
const float W[4] = float[4](1.0, 2.0, 4.0, 3.0);
void main() {
    uint vi = uint(gl_VertexIndex);
    uint i = vi & 3u;
    float w = W[i];
    float f = float(i);
    gl_Position = vec4(NDC[i] * w, 0.25 * w * (1.0 + f * 0.5), w);
    uv = vec2(f * 8.0, f * f * 2.0);
    screen = vec3(f * 3.0, 12.0 - f * 4.0, 1.0);
    layer = 3.0 + f;
    ids = ivec2(int(vi) - 9, int(vi) * 100);
    mask = 0xF0u << (i * 4u);
    weight = vec4(1.0, f, f * f, w);
}
