#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer floats_block {
    float floats[];
};
layout(set = 0, binding = 1, std430) buffer ints_block {
    int ints[];
};
layout(set = 0, binding = 2, std430) buffer flags_block {
    uint flags[];
};

void main() {
    float f = floats[min(0u, uint(floats.length()) - 1u)];
    int i = ints[min(0u, uint(ints.length()) - 1u)];
    uint t = flags[min(0u, uint(flags.length()) - 1u)];
    bool b = t != 0u;
    floats[min(1u, uint(floats.length()) - 1u)] = -(-f);
    floats[min(2u, uint(floats.length()) - 1u)] = -(-(-f));
    floats[min(3u, uint(floats.length()) - 1u)] = 1.5 * f;
    ints[min(1u, uint(ints.length()) - 1u)] = -(-i);
    ints[min(2u, uint(ints.length()) - 1u)] = ~(~i);
    ints[min(3u, uint(ints.length()) - 1u)] = -(~i);
    ints[min(4u, uint(ints.length()) - 1u)] = ~(-i);
    flags[min(1u, uint(flags.length()) - 1u)] = !(!b) ? 1u : 0u;
}
