#version 450

layout(location = 0) in float f3_forces_padding;
layout(location = 1) in vec3 v3_needs_padding;
layout(location = 2) in float f3;
layout(location = 0) out vec4 color;

void main() {
    color = vec4(v3_needs_padding * f3_forces_padding, f3);
}
