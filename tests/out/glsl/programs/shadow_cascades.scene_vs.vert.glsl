#version 450

struct VertexIn {
    vec3 position;
    vec3 normal;
    vec2 uv;
};

struct Surface {
    vec4 clip;
    vec3 world_position;
    vec3 normal;
    vec2 uv;
    float view_depth;
};

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
    VertexIn input_ = VertexIn(position, normal, uv);
    vec4 world = vec4(input_.position, 1.0);
    Surface t = Surface(camera.view_proj * world, input_.position, input_.normal, input_.uv, -(camera.view * world).z);
    gl_Position = t.clip;
    world_position = t.world_position;
    normal_1 = t.normal;
    uv_1 = t.uv;
    view_depth = t.view_depth;
}
