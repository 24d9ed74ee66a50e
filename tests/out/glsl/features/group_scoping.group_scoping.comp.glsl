#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform a_block {
    vec4 value;
} a;
layout(set = 1, binding = 0, std140) uniform b_block {
    vec4 value;
} b;
layout(set = 0, binding = 1, std140) uniform c_block {
    vec4 value;
} c;
layout(set = 2, binding = 0, std430) buffer out_block {
    vec4 out_[1];
};

void main() {
    out_[0u] = a.value + b.value + c.value;
}
