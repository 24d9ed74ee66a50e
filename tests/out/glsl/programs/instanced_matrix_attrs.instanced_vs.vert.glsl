#version 450

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv0;
layout(location = 3) in vec2 uv1;
layout(location = 4) in vec3 model0;
layout(location = 5) in vec3 model1;
layout(location = 6) in vec3 model2;
layout(location = 7) in vec3 model3;
layout(location = 8) in uint tint;
layout(location = 9) in uint material;
layout(location = 10) in vec4 lightmap_rect;
layout(location = 0) out vec3 world_pos;
layout(location = 1) out vec3 world_normal;
layout(location = 2) out vec2 uv0_1;
layout(location = 3) out vec2 lightmap_uv;
layout(location = 4) out vec4 tint_1;
layout(location = 5) flat out uint material_1;
layout(location = 6) flat out int instance;
layout(location = 7) out float view_depth;
layout(location = 8) noperspective out vec2 screen_uv;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
    mat4 view;
    vec3 eye;
    float exposure;
} camera;

void main() {
    mat4x3 model = mat4x3(model0, model1, model2, model3);
    vec3 world = model * vec4(position, 1.0);
    mat3 m3 = mat3(model0, model1, model2);
    vec3 n = normalize(transpose(inverse(m3)) * normal);
    vec4 clip = camera.view_proj * vec4(world, 1.0);
    gl_Position = clip;
    world_pos = world;
    world_normal = n;
    uv0_1 = uv0;
    lightmap_uv = lightmap_rect.xy + uv1 * lightmap_rect.zw;
    tint_1 = unpackUnorm4x8(tint);
    material_1 = material;
    instance = int(uint(gl_InstanceIndex));
    view_depth = -(camera.view * vec4(world, 1.0)).z;
    screen_uv = clip.xy / vec2(clip.w) * 0.5 + vec2(0.5);
}
