#version 450

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
    mat4 model = mat4(model_0, model_1, model_2, model_3);
    vec4 world = model * vec4(position, 1.0);
    vec4 t = model * vec4(normal, 0.0);
    vec3 n = t.xyz;
    gl_Position = frame.view_proj * world;
    world_position = world.xyz;
    normal_1 = n;
    color_1 = color;
    uv_1 = uv;
    highlight = 0u;
}
