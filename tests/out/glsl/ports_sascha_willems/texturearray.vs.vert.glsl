#version 450

struct Instance {
    mat4 model;
    float array_index;
};

layout(location = 0) in vec3 pos;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec3 uv_1;

layout(set = 0, binding = 0, std140) uniform ubo_block {
    mat4 projection;
    mat4 view;
    Instance instance[8];
} ubo;

void main() {
    mat4 model_view = ubo.view * ubo.instance[min(uint(gl_InstanceIndex), 7u)].model;
    gl_Position = ubo.projection * model_view * vec4(pos, 1.0);
    uv_1 = vec3(uv, ubo.instance[min(uint(gl_InstanceIndex), 7u)].array_index);
}
