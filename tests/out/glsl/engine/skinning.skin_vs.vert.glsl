#version 450

struct SkinnedVertex {
    vec3 position;
    vec3 normal;
    vec2 uv;
    uvec4 joints;
    vec4 weights;
};

struct skin_vs_out {
    vec4 clip;
    vec3 normal;
    vec2 uv;
};

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
    SkinnedVertex input_ = SkinnedVertex(position, normal, uv, joints, weights);
    mat4 t = bones[min(input_.joints.x, uint(bones.length()) - 1u)];
    mat4 t_1 = t * input_.weights.x;
    mat4 t_2 = bones[min(input_.joints.y, uint(bones.length()) - 1u)];
    mat4 t_3 = t_2 * input_.weights.y;
    mat4 t_4 = mat4(t_1[0] + t_3[0], t_1[1] + t_3[1], t_1[2] + t_3[2], t_1[3] + t_3[3]);
    mat4 t_5 = bones[min(input_.joints.z, uint(bones.length()) - 1u)];
    mat4 t_6 = t_5 * input_.weights.z;
    mat4 t_7 = mat4(t_4[0] + t_6[0], t_4[1] + t_6[1], t_4[2] + t_6[2], t_4[3] + t_6[3]);
    mat4 t_8 = bones[min(input_.joints.w, uint(bones.length()) - 1u)];
    mat4 t_9 = t_8 * input_.weights.w;
    mat4 skin = mat4(t_7[0] + t_9[0], t_7[1] + t_9[1], t_7[2] + t_9[2], t_7[3] + t_9[3]);
    vec4 world = skin * vec4(input_.position, 1.0);
    vec4 t_10 = skin * vec4(input_.normal, 0.0);
    vec3 normal_2 = normalize(t_10.xyz);
    skin_vs_out t_11 = skin_vs_out(camera.view_proj * world, normal_2, input_.uv);
    gl_Position = t_11.clip;
    normal_1 = t_11.normal;
    uv_1 = t_11.uv;
}
