#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 1, std430) buffer f_block {
    float f[];
};

void main() {
    float t = f[min(3u, uint(f.length()) - 1u)];
    float t_1 = f[min(4u, uint(f.length()) - 1u)];
    f[min(2u, uint(f.length()) - 1u)] = mod(t, t_1);
}
