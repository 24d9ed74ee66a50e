#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform my_uniform_block {
    float my_uniform;
};
layout(set = 0, binding = 3, std430) buffer non_uniform_value_block {
    int non_uniform_value;
};

int early(int n) {
    if (n > 3) {
        return n;
    }
    return 0;
}

void main() {
    int non_uniform_value_1 = non_uniform_value;
    int v = early(non_uniform_value_1);
    if (my_uniform > 0.0) {
        memoryBarrierShared();
        barrier();
    }
    non_uniform_value = v;
}
