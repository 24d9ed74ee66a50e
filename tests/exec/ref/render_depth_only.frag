#version 450
layout(location = 0) in vec2 uv;
void main() {
    if (uv.x < 0.25) {
        discard;
    }
}
