#version 450
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 fine;
layout(location = 1) out vec4 coarse;
void main() {
    vec2 s = uv * 4.0;
    fine = vec4(dFdxFine(s), dFdyFine(s.y) * 2.0, fwidthFine(s.x + s.y * 2.0));
    coarse = vec4(dFdxCoarse(s.x), dFdyCoarse(s), fwidthCoarse(s.x * 3.0 - s.y));
}
