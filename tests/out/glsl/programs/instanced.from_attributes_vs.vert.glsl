#version 450

struct Shaded {
    vec4 clip;
    vec3 world_position;
    vec3 normal;
    vec4 color;
    vec2 uv;
    uint highlight;
};

struct InstancedVertex {
    vec3 position;
    vec3 normal;
    vec2 uv;
    vec4 model_0;
    vec4 model_1;
    vec4 model_2;
    vec4 model_3;
    vec4 color;
};

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 3) in vec4 model_0;
layout(location = 4) in vec4 model_1;
layout(location = 5) in vec4 model_2;
layout(location = 6) in vec4 model_3;
layout(location = 7) in vec4 color;
layout(location = 0) out vec3 world_position;
layout(location = 1) out vec3 normal_1;
layout(location = 2) out vec4 color_1;
layout(location = 3) out vec2 uv_1;
layout(location = 4) flat out uint highlight;

layout(set = 0, binding = 0, std140) uniform frame_block {
    mat4 view_proj;
    vec4 camera_position;
    vec4 light_position;
    vec4 light_color;
} frame;

void main() {
    InstancedVertex input_ = InstancedVertex(position, normal, uv, model_0, model_1, model_2, model_3, color);
    mat4 model = mat4(input_.model_0, input_.model_1, input_.model_2, input_.model_3);
    vec4 world = model * vec4(input_.position, 1.0);
    vec4 t = model * vec4(input_.normal, 0.0);
    vec3 n = t.xyz;
    Shaded t_1 = Shaded(frame.view_proj * world, world.xyz, n, input_.color, input_.uv, 0u);
    gl_Position = t_1.clip;
    world_position = t_1.world_position;
    normal_1 = t_1.normal;
    color_1 = t_1.color;
    uv_1 = t_1.uv;
    highlight = t_1.highlight;
}
