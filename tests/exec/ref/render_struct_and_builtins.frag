#version 450
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
layout(location = 1) out float index;
void main() {
    float facing = gl_FrontFacing ? 100.0 : 0.0;
    color = vec4(uv, 0.0, 1.0);
    index = facing + floor(gl_FragCoord.x) + 4.0 * floor(gl_FragCoord.y);
}
