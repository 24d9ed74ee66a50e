#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer ints_block {
    int ints[];
};

void main() {
    int x = ints[min(0u, uint(ints.length()) - 1u)];
    ints[min(1u, uint(ints.length()) - 1u)] = x << 31u;
    ints[min(2u, uint(ints.length()) - 1u)] = x >> 31u;
}
