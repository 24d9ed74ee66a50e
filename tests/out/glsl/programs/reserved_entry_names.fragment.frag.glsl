#version 450

layout(location = 0) in float value;
layout(location = 0) out vec4 color;

void main() {
    float input_ = value * 2.0;
    color = vec4(input_);
}
