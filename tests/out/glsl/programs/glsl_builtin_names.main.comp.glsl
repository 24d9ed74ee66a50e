#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer values_block {
    float values[];
};
layout(set = 0, binding = 1, std430) buffer counts_block {
    uint counts[];
};

float subgroupAdd_(float x) {
    return x + 1.0;
}

float subgroupBroadcastFirst_(float x) {
    return x * 2.0;
}

uint subgroupMax_(uint x) {
    return x + 3u;
}

bool subgroupElect_() {
    return true;
}

uint clockARB_() {
    return 7u;
}

void main() {
    float t = values[min(gl_LocalInvocationIndex, uint(values.length()) - 1u)];
    float subgroupAdd_1 = subgroupAdd_(t);
    float v = subgroupBroadcastFirst_(subgroupAdd_1);
    values[min(gl_LocalInvocationIndex, uint(values.length()) - 1u)] = v;
    bool subgroupElect_1 = subgroupElect_();
    if (subgroupElect_1) {
        uint subgroupMax_1 = subgroupMax_(gl_LocalInvocationIndex);
        uint clockARB_1 = clockARB_();
        counts[min(gl_LocalInvocationIndex, uint(counts.length()) - 1u)] = subgroupMax_1 + clockARB_1;
    }
}
