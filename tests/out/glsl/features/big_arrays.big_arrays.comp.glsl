#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Big {
    float values[100];
    int grid[10][10];
};

layout(set = 0, binding = 0, std430) buffer data_block {
    Big data[];
};
layout(set = 0, binding = 1, std430) buffer out_block {
    float out_[];
};

void main() {
    float values[100];
    for (int i = 0; i < 100; ++i) {
        values[i] = 0.0;
    }
    int grid[10][10] = int[10][10](int[10](0, 0, 0, 0, 0, 0, 0, 0, 0, 0), int[10](0, 0, 0, 0, 0, 0, 0, 0, 0, 0), int[10](0, 0, 0, 0, 0, 0, 0, 0, 0, 0), int[10](0, 0, 0, 0, 0, 0, 0, 0, 0, 0), int[10](0, 0, 0, 0, 0, 0, 0, 0, 0, 0), int[10](0, 0, 0, 0, 0, 0, 0, 0, 0, 0), int[10](0, 0, 0, 0, 0, 0, 0, 0, 0, 0), int[10](0, 0, 0, 0, 0, 0, 0, 0, 0, 0), int[10](0, 0, 0, 0, 0, 0, 0, 0, 0, 0), int[10](0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    float values_1[100] = data[min(0u, uint(data.length()) - 1u)].values;
    values = values_1;
    int grid_1[10][10] = data[min(0u, uint(data.length()) - 1u)].grid;
    grid = grid_1;
    values[min(gl_GlobalInvocationID.x % 100u, 99u)] = float(gl_GlobalInvocationID.x) + 0.5;
    grid[min(gl_GlobalInvocationID.x % 10u, 9u)][min((gl_GlobalInvocationID.x + 3u) % 10u, 9u)] = int(gl_GlobalInvocationID.x) * 3;
    float values_2[100] = values;
    data[min(1u, uint(data.length()) - 1u)].values = values_2;
    int grid_2[10][10] = grid;
    data[min(1u, uint(data.length()) - 1u)].grid = grid_2;
    float t = values[min((gl_GlobalInvocationID.x + 1u) % 100u, 99u)];
    int t_1 = grid[1u][2u];
    out_[min(gl_GlobalInvocationID.x, uint(out_.length()) - 1u)] = t + float(t_1);
}
