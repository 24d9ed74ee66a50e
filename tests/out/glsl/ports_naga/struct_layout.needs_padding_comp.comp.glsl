#version 450

layout(local_size_x = 16, local_size_y = 1, local_size_z = 1) in;

struct NeedsPadding {
    float f3_forces_padding;
    vec3 v3_needs_padding;
    float f3;
};

layout(set = 0, binding = 2, std140) uniform needs_padding_uniform_block {
    float f3_forces_padding;
    vec3 v3_needs_padding;
    float f3;
} needs_padding_uniform;
layout(set = 0, binding = 3, std430) buffer needs_padding_storage_block {
    float f3_forces_padding;
    vec3 v3_needs_padding;
    float f3;
} needs_padding_storage;

void main() {
    NeedsPadding x = NeedsPadding(needs_padding_uniform.f3_forces_padding, needs_padding_uniform.v3_needs_padding, needs_padding_uniform.f3);
    float t = needs_padding_storage.v3_needs_padding.z;
    vec3 t_1 = x.v3_needs_padding;
    t_1.y = t;
    NeedsPadding x_1 = x;
    x_1.v3_needs_padding = t_1;
    if (gl_LocalInvocationIndex == 0u) {
        needs_padding_storage.f3_forces_padding = x_1.f3_forces_padding;
        needs_padding_storage.v3_needs_padding = x_1.v3_needs_padding;
        needs_padding_storage.f3 = x_1.f3;
    }
}
