#version 450

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec4 tangent;
layout(location = 3) in vec2 uv;
layout(location = 0) out vec3 world_pos;
layout(location = 1) out vec3 normal_1;
layout(location = 2) out vec4 tangent_1;
layout(location = 3) out vec2 uv_1;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
    vec4 position;
} camera;
layout(set = 1, binding = 0, std140) uniform object_block {
    mat4 model;
    mat4 normal_matrix;
} object;

void main() {
    vec4 world = object.model * vec4(position, 1.0);
    vec4 t = object.normal_matrix * vec4(normal, 0.0);
    vec4 t_1 = object.model * vec4(tangent.xyz, 0.0);
    gl_Position = camera.view_proj * world;
    world_pos = world.xyz;
    normal_1 = t.xyz;
    tangent_1 = vec4(t_1.xyz, tangent.w);
    uv_1 = uv;
}
