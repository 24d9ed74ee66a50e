#version 450

layout(local_size_x = 16, local_size_y = 1, local_size_z = 1) in;

struct NoPadding {
    vec3 v3;
    float f3;
};

layout(set = 0, binding = 0, std140) uniform no_padding_uniform_block {
    vec3 v3;
    float f3;
} no_padding_uniform;
layout(set = 0, binding = 1, std430) buffer no_padding_storage_block {
    vec3 v3;
    float f3;
} no_padding_storage;

void main() {
    NoPadding x = NoPadding(no_padding_uniform.v3, no_padding_uniform.f3);
    if (gl_LocalInvocationIndex == 0u) {
        float f3 = no_padding_storage.f3;
        NoPadding x_1 = x;
        x_1.f3 = x.f3 + f3;
        no_padding_storage.v3 = x_1.v3;
        no_padding_storage.f3 = x_1.f3;
    }
}
