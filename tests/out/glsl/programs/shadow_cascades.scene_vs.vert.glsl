#version 450

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec3 world_position;
layout(location = 1) out vec3 normal_1;
layout(location = 2) out vec2 uv_1;
layout(location = 3) out float view_depth;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
    mat4 view;
    vec4 position;
} camera;

void main() {
    vec4 world = vec4(position, 1.0);
    gl_Position = camera.view_proj * world;
    world_position = position;
    normal_1 = normal;
    uv_1 = uv;
    view_depth = -(camera.view * world).z;
}
