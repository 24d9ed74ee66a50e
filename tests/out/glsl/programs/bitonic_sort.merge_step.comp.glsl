#version 450

layout(local_size_x = 256, local_size_y = 1, local_size_z = 1) in;

struct Pair {
    float key;
    uint value;
};

layout(push_constant, std430) uniform step_params_block {
    uint count;
    uint k;
    uint j;
    uint ascending;
} step_params;
layout(set = 0, binding = 0, std430) buffer pairs_block {
    Pair pairs[];
};

bool in_order(float a, float b, bool ascending) {
    return ascending ? a <= b : a >= b;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint partner = i ^ step_params.j;
    if (partner <= i || partner >= step_params.count) {
        return;
    }
    bool ascending = ((i & step_params.k) == 0u) == (step_params.ascending != 0u);
    Pair a = pairs[min(i, uint(pairs.length()) - 1u)];
    Pair b = pairs[min(partner, uint(pairs.length()) - 1u)];
    bool in_order_1 = in_order(a.key, b.key, ascending);
    if (!in_order_1) {
        pairs[min(i, uint(pairs.length()) - 1u)] = b;
        pairs[min(partner, uint(pairs.length()) - 1u)] = a;
    }
}
