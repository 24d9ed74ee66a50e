#version 450

layout(location = 0) in float f3_forces_padding;
layout(location = 1) in vec3 v3_needs_padding;
layout(location = 2) in float f3;
layout(location = 0) flat out float a;
layout(location = 1) flat out vec3 v3;
layout(location = 2) flat out float f3_1;

void main() {
    gl_Position = vec4(v3_needs_padding, f3);
    a = f3_forces_padding;
    v3 = v3_needs_padding;
    f3_1 = f3;
}
