#version 450

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
    vec3 p = position * weight + vec3(uv, float(uint(gl_VertexIndex) + uint(gl_InstanceIndex)));
    gl_Position = camera.view_proj * vec4(p, 1.0);
    color_1 = color;
    ids_1 = ids;
    mask_1 = mask;
    index_1 = index;
}
