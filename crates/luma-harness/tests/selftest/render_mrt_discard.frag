#version 450
// Self-test: two color targets (rgba8 and r32f), a varying, gl_FragCoord, discard.
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
layout(location = 1) out float coord;
void main() {
    if (gl_FragCoord.x < 1.0) {
        discard;
    }
    color = vec4(uv, 0.0, 1.0);
    coord = gl_FragCoord.x + 10.0 * gl_FragCoord.y;
}
