#version 450

layout(location = 0) out vec3 direction;

layout(set = 0, binding = 0, std140) uniform sky_block {
    mat4 view_rotation;
    mat4 proj;
    float intensity;
} sky;

void main() {
    int local[36] = int[36](0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5);
    vec3 local_1[8] = vec3[8](vec3(-1.0), vec3(1.0, -1.0, -1.0), vec3(-1.0, 1.0, -1.0), vec3(1.0, 1.0, -1.0), vec3(-1.0, -1.0, 1.0), vec3(1.0, -1.0, 1.0), vec3(-1.0, 1.0, 1.0), vec3(1.0));
    int t = local[min(uint(gl_VertexIndex) % 36u, 35u)];
    vec3 corner = local_1[min(uint(t), 7u)];
    vec4 clip = sky.proj * sky.view_rotation * vec4(corner, 1.0);
    gl_Position = clip.xyww;
    direction = corner;
}
