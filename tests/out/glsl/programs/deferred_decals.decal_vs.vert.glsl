#version 450

struct Decal {
    mat4 world_to_box;
    mat4x3 box_to_world;
    vec4 atlas_rect;
    vec4 color;
    float angle_fade;
    float normal_strength;
    int layer;
    uint flags;
};

layout(location = 0) in vec3 corner;
layout(location = 0) flat out uint decal;

layout(set = 0, binding = 0, std140) uniform view_block {
    mat4 view_proj;
    mat4 inv_view_proj;
    vec4 viewport;
} view;
layout(set = 0, binding = 1, std430) readonly buffer decals_block {
    Decal decals[];
};

void main() {
    Decal d = decals[min(uint(gl_InstanceIndex), uint(decals.length()) - 1u)];
    vec3 world = d.box_to_world * vec4(corner, 1.0);
    gl_Position = view.view_proj * vec4(world, 1.0);
    decal = uint(gl_InstanceIndex);
}
