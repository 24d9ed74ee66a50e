#version 450

struct Attributes {
    uint vertex;
    uint instance;
    vec3 position;
    float weight;
    ivec2 ids;
    uvec4 mask;
    vec4 color;
    int index;
    vec2 uv;
};

struct attributes_out {
    vec4 clip;
    vec4 color;
    ivec2 ids;
    uvec4 mask;
    int index;
};

layout(location = 0) in vec3 position;
layout(location = 1) in float weight;
layout(location = 5) in ivec2 ids;
layout(location = 6) in uvec4 mask;
layout(location = 7) in vec4 color;
layout(location = 8) in int index;
layout(location = 9) in vec2 uv;
layout(location = 0) out vec4 color_1;
layout(location = 1) flat out ivec2 ids_1;
layout(location = 2) flat out uvec4 mask_1;
layout(location = 3) flat out int index_1;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
} camera;

void main() {
    Attributes input_ = Attributes(uint(gl_VertexIndex), uint(gl_InstanceIndex), position, weight, ids, mask, color, index, uv);
    vec3 p = input_.position * input_.weight + vec3(input_.uv, float(input_.vertex + input_.instance));
    attributes_out t = attributes_out(camera.view_proj * vec4(p, 1.0), input_.color, input_.ids, input_.mask, input_.index);
    gl_Position = t.clip;
    color_1 = t.color;
    ids_1 = t.ids;
    mask_1 = t.mask;
    index_1 = t.index;
}
