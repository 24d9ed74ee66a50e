#version 450

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 3) in uvec4 joints;
layout(location = 4) in vec4 weights;
layout(location = 0) out vec3 normal_1;
layout(location = 1) out vec2 uv_1;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
} camera;
layout(set = 0, binding = 1, std430) readonly buffer bones_block {
    mat4 bones[];
};

void main() {
    mat4 t = bones[min(joints.x, uint(bones.length()) - 1u)];
    mat4 t_1 = t * weights.x;
    mat4 t_2 = bones[min(joints.y, uint(bones.length()) - 1u)];
    mat4 t_3 = t_2 * weights.y;
    mat4 t_4 = bones[min(joints.z, uint(bones.length()) - 1u)];
    mat4 t_5 = t_4 * weights.z;
    mat4 t_6 = bones[min(joints.w, uint(bones.length()) - 1u)];
    mat4 t_7 = t_6 * weights.w;
    mat4 skin = mat4(t_1[0] + t_3[0] + t_5[0] + t_7[0], t_1[1] + t_3[1] + t_5[1] + t_7[1], t_1[2] + t_3[2] + t_5[2] + t_7[2], t_1[3] + t_3[3] + t_5[3] + t_7[3]);
    vec4 world = skin * vec4(position, 1.0);
    vec4 t_8 = skin * vec4(normal, 0.0);
    vec3 normal_2 = normalize(t_8.xyz);
    gl_Position = camera.view_proj * world;
    normal_1 = normal_2;
    uv_1 = uv;
}
