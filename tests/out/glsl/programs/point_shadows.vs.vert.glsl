#version 450

layout(location = 0) in vec3 pos;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec3 world;
layout(location = 1) out vec3 normal_1;
layout(location = 2) out vec2 uv_1;
layout(location = 3) out float view_depth;

layout(set = 0, binding = 0, std140) uniform cascades_block {
    mat4 view_proj[4];
    vec4 splits;
    vec4 poisson[8];
    vec3 light_pos;
    float light_far;
    vec2 texel;
    float filter_radius;
    int cascade_count;
} cascades;

void main() {
    vec4 clip = cascades.view_proj[0u] * vec4(pos, 1.0);
    gl_Position = clip;
    world = pos;
    normal_1 = normal;
    uv_1 = uv;
    view_depth = clip.w;
}
