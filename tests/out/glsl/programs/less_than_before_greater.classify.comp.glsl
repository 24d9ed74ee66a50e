#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform limits_block {
    uint low;
    uint high;
} limits;
layout(set = 0, binding = 1, std430) readonly buffer data_block {
    float data[];
};
layout(set = 0, binding = 2, std430) buffer flags_block {
    uint flags[];
};

uint both(bool a, bool b) {
    if (a && !b) {
        return 1u;
    }
    return 0u;
}

void main() {
    float x = data[min(gl_GlobalInvocationID.x, uint(data.length()) - 1u)];
    float y = data[min(gl_GlobalInvocationID.x + 1u, uint(data.length()) - 1u)];
    uint n = flags[min(gl_GlobalInvocationID.x, uint(flags.length()) - 1u)];
    bvec2 pair = bvec2(x < y, y > x);
    bool shifted = n < n >> (limits.low & 31u);
    bool member = limits.low < limits.high >> 1u;
    uvec4 v = uvec4(n, limits.low, limits.high, 7u);
    bool indexed = v.y < v[min(n & 3u, 3u)] >> (min(v.x, 3u) & 31u);
    uint both_1 = both(x < y, y > 2.0);
    uint both_2 = both(pair.x, pair.y);
    uint packed = both_1 + both_2;
    uint counted = (shifted ? 2u : 0u) + (member ? 4u : 0u) + (indexed ? 8u : 0u);
    flags[min(gl_GlobalInvocationID.x, uint(flags.length()) - 1u)] = packed + counted;
}
