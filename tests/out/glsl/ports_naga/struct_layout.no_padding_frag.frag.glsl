#version 450

layout(location = 0) in vec3 v3;
layout(location = 1) in float f3;
layout(location = 0) out vec4 color;

void main() {
    color = vec4(v3, f3);
}
