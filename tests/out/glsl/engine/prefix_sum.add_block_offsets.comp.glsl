#version 450

layout(local_size_x = 256, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer data_block {
    uint data[];
};
layout(set = 0, binding = 1, std430) buffer block_sums_block {
    uint block_sums[];
};

void main() {
    uint block = gl_GlobalInvocationID.x / 256u;
    if (block == 0u) {
        return;
    }
    uint offset = block_sums[min(block - 1u, uint(block_sums.length()) - 1u)];
    uint t = uint(data.length());
    uint count = uint(int(t));
    uint first = gl_GlobalInvocationID.x * 2u;
    if (first < count) {
        uint t_1 = data[min(first, uint(data.length()) - 1u)];
        data[min(first, uint(data.length()) - 1u)] = t_1 + offset;
    }
    if (first + 1u < count) {
        uint t_2 = data[min(first + 1u, uint(data.length()) - 1u)];
        data[min(first + 1u, uint(data.length()) - 1u)] = t_2 + offset;
    }
}
