#version 450

layout(location = 0) in vec3 position;

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
    gl_Position = light_view.view_proj * object.model * vec4(position, 1.0);
}
