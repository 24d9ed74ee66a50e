#version 450

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec4 light_space;
layout(location = 1) out vec3 normal_1;
layout(location = 2) out vec2 uv_1;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
} camera;
layout(set = 0, binding = 1, std140) uniform light_view_block {
    mat4 view_proj;
    vec4 direction;
    vec2 texel_size;
    float bias;
    float pcf_radius;
} light_view;
layout(set = 0, binding = 2, std140) uniform object_block {
    mat4 model;
} object;

void main() {
    vec4 world = object.model * vec4(position, 1.0);
    vec4 t = object.model * vec4(normal, 0.0);
    gl_Position = camera.view_proj * world;
    light_space = light_view.view_proj * world;
    normal_1 = t.xyz;
    uv_1 = uv;
}
