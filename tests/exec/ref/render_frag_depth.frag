#version 450
layout(location = 0) in vec2 uv;
layout(location = 1) in float which;
layout(location = 0) out vec4 color;
void main() {
    float d = which < 0.5 ? uv.x : 0.5;
    color = vec4(1.0 - which, which, 0.0, 1.0);
    gl_FragDepth = d;
}
