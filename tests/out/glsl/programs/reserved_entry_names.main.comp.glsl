#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 1, std430) buffer values_block {
    float values[];
};

void main() {
    uint t = uint(values.length());
    if (gl_LocalInvocationIndex < uint(int(t))) {
        float t_1 = values[min(gl_LocalInvocationIndex, uint(values.length()) - 1u)];
        values[min(gl_LocalInvocationIndex, uint(values.length()) - 1u)] = -t_1;
    }
}
