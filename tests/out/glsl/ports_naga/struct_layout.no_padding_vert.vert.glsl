#version 450

layout(location = 0) in vec3 v3;
layout(location = 1) in float f3;
layout(location = 0) flat out vec3 v3_1;
layout(location = 1) flat out float f3_1;

void main() {
    gl_Position = vec4(v3, f3);
    v3_1 = v3;
    f3_1 = f3;
}
