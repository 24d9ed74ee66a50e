#version 450

struct Instance {
    mat4 model;
    vec4 tint;
    uint bone_base;
    uint flags;
};

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec4 tangent;
layout(location = 3) in vec2 uv;
layout(location = 4) in uvec4 joints;
layout(location = 5) in vec4 weights;
layout(location = 0) out vec3 world_pos;
layout(location = 1) out vec3 normal_1;
layout(location = 2) out vec4 tangent_1;
layout(location = 3) out vec2 uv_1;
layout(location = 4) noperspective out vec2 screen_uv;
layout(location = 5) flat out uint instance;
layout(location = 6) flat out int material;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view;
    mat4 proj;
    vec3 eye;
    float time;
} camera;
layout(set = 0, binding = 1, std430) readonly buffer bones_block {
    mat4 bones[];
};
layout(set = 0, binding = 2, std430) readonly buffer instances_block {
    Instance instances[];
};

mat4 skin_matrix(uint base, uvec4 joints_1, vec4 weights_1) {
    mat4 t = bones[min(base + joints_1.x, uint(bones.length()) - 1u)];
    mat4 m = t * weights_1.x;
    mat4 t_1 = bones[min(base + joints_1.y, uint(bones.length()) - 1u)];
    mat4 t_2 = t_1 * weights_1.y;
    mat4 t_3 = bones[min(base + joints_1.z, uint(bones.length()) - 1u)];
    mat4 t_4 = t_3 * weights_1.z;
    mat4 t_5 = bones[min(base + joints_1.w, uint(bones.length()) - 1u)];
    mat4 t_6 = t_5 * weights_1.w;
    mat4 m_1 = mat4(m[0] + t_2[0] + t_4[0] + t_6[0], m[1] + t_2[1] + t_4[1] + t_6[1], m[2] + t_2[2] + t_4[2] + t_6[2], m[3] + t_2[3] + t_4[3] + t_6[3]);
    return m_1;
}

void main() {
    Instance inst = instances[min(uint(gl_InstanceIndex), uint(instances.length()) - 1u)];
    mat4 skin = skin_matrix(inst.bone_base, joints, weights);
    mat4 world = inst.model * skin;
    vec4 wp = world * vec4(position, 1.0);
    vec4 t = world[0];
    vec4 t_1 = world[1];
    vec4 t_2 = world[2];
    mat3 nmat = mat3(t.xyz, t_1.xyz, t_2.xyz);
    vec4 clip = camera.proj * camera.view * wp;
    gl_Position = clip;
    world_pos = wp.xyz;
    normal_1 = normalize(nmat * normal);
    tangent_1 = vec4(normalize(nmat * tangent.xyz), tangent.w);
    uv_1 = uv;
    screen_uv = clip.xy / vec2(clip.w) * 0.5 + vec2(0.5);
    instance = uint(gl_InstanceIndex);
    material = int(inst.flags & 255u) - 3;
}
