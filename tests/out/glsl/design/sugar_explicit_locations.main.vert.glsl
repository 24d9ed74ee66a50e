#version 450

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec3 normal_1;
layout(location = 4) out vec2 uv_1;
layout(location = 5) out vec4 tint;

void main() {
    gl_Position = vec4(position, 1.0);
    normal_1 = normal;
    uv_1 = uv;
    tint = vec4(uv, 0.0, 1.0);
}
