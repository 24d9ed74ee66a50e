#version 450

layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform scene_block {
    vec4 sphere;
    mat4 transform;
    vec4 tint;
} scene;

vec3 transform_point(mat4 m, vec3 p) {
    vec4 h = m * vec4(p, 1.0);
    return h.xyz / vec3(h.w);
}

void main() {
    vec4 tint = scene.tint;
    vec3 transform_point_1 = transform_point(scene.transform, tint.xyz);
    color = vec4(transform_point_1, 1.0);
}
