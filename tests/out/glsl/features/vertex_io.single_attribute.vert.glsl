#version 450

layout(location = 0) in vec4 position;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
} camera;

void main() {
    gl_Position = camera.view_proj * position;
}
