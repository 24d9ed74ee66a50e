#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform globals_block {
    float scale;
    float offset;
} globals;
layout(set = 0, binding = 1, std430) buffer values_block {
    float values[];
};

void main() {
    uint main_ = gl_GlobalInvocationID.x;
    uint t = uint(values.length());
    if (main_ < uint(int(t))) {
        float t_1 = values[min(main_, uint(values.length()) - 1u)];
        values[min(main_, uint(values.length()) - 1u)] = t_1 * globals.scale + globals.offset;
    }
}
