#version 450

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec4 tangent;
layout(location = 3) in vec2 uv;
layout(location = 0) out vec4 current_clip;
layout(location = 1) out vec4 previous_clip;
layout(location = 2) out vec3 normal_1;
layout(location = 3) out vec4 tangent_1;
layout(location = 4) out vec2 uv_1;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
    mat4 prev_view_proj;
    vec4 jitter;
} camera;
layout(push_constant, std430) uniform object_block {
    mat4 model;
    mat4 prev_model;
    uint object_id;
    uint material_id;
    float alpha_cutoff;
    float emissive_strength;
} object;

void main() {
    vec4 world = object.model * vec4(position, 1.0);
    vec4 previous_world = object.prev_model * vec4(position, 1.0);
    vec4 clip = camera.view_proj * world;
    vec4 t = object.model[0u];
    vec4 t_1 = object.model[1u];
    vec4 t_2 = object.model[2u];
    mat3 normal_matrix = mat3(t.xyz, t_1.xyz, t_2.xyz);
    vec4 jitter = camera.jitter;
    gl_Position = clip + vec4(jitter.xy * clip.w, 0.0, 0.0);
    current_clip = clip;
    previous_clip = camera.prev_view_proj * previous_world;
    normal_1 = normal_matrix * normal;
    tangent_1 = vec4(normal_matrix * tangent.xyz, tangent.w);
    uv_1 = uv;
}
