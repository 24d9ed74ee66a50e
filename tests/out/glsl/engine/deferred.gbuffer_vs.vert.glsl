#version 450

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec3 normal_1;
layout(location = 1) out vec2 uv_1;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view;
    mat4 proj;
    mat4 view_proj;
    mat4 inv_view_proj;
    vec4 position;
    vec4 viewport;
} camera;
layout(set = 2, binding = 1, std140) uniform model_matrix_block {
    mat4 model_matrix;
};

void main() {
    vec4 world = model_matrix * vec4(position, 1.0);
    vec4 t = model_matrix * vec4(normal, 0.0);
    gl_Position = camera.view_proj * world;
    normal_1 = t.xyz;
    uv_1 = uv;
}
