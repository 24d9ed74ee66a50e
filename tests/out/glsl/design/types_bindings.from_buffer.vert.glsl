#version 450

layout(location = 0) out vec2 uv;

layout(set = 0, binding = 0, std140) uniform uniforms_block {
    mat4 model;
    mat4 view_proj;
    mat4 normal_mat;
} uniforms;
layout(set = 1, binding = 0, std430) readonly buffer positions_block {
    vec3 positions[];
};

void main() {
    vec3 p = positions[min(uint(gl_VertexIndex), uint(positions.length()) - 1u)];
    vec4 world = uniforms.model * vec4(p, 1.0);
    gl_Position = uniforms.view_proj * world;
    uv = p.xy;
}
