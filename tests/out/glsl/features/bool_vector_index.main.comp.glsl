#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) readonly buffer input_block {
    uint input_[];
};
layout(set = 0, binding = 1, std430) buffer output_block {
    uint output_[];
};

void main() {
    uint t = input_[min(0u, uint(input_.length()) - 1u)];
    int i = int(t & 1u);
    if (bvec2(true, false)[min(uint(i), 1u)]) {
        output_[min(0u, uint(output_.length()) - 1u)] = 1u;
    }
    uint t_1 = input_[min(1u, uint(input_.length()) - 1u)];
    output_[min(1u, uint(output_.length()) - 1u)] = bvec3(true, false, true)[min(uint(int(t_1 % 3u)), 2u)] ? 2u : 3u;
    output_[min(2u, uint(output_.length()) - 1u)] = bvec2(true, false)[min(uint(i), 1u)] ? 4u : 5u;
}
