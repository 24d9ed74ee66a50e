#version 450
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
layout(location = 1) out float index;
void main() {
    color = vec4(uv, gl_FragCoord.z, gl_FragCoord.w);
    index = floor(gl_FragCoord.x) + 4.0 * floor(gl_FragCoord.y) + fract(gl_FragCoord.x) * 100.0;
}
