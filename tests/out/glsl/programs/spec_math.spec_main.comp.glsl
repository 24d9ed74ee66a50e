#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(constant_id = 0) const uint TILE = 16u;
layout(constant_id = 1) const float SCALE = 1.5;
layout(constant_id = 2) const int SHIFT = 3;
layout(constant_id = 3) const bool HDR = false;
layout(constant_id = 4) const int BIAS = -2;
layout(constant_id = 5) const float CLAMP_MAX = 4.0;

layout(set = 0, binding = 0, std430) buffer data_block {
    float data[];
};
layout(set = 0, binding = 1, std430) buffer words_block {
    uint words[];
};

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
uint luma_div(uint a, uint b) {
    return a / (b == 0u ? 1u : b);
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
uint luma_rem(uint a, uint b) {
    return a % (b == 0u ? 1u : b);
}

float remap(float x) {
    float y = x * SCALE + float(BIAS);
    float hi = HDR ? CLAMP_MAX * 2.0 : CLAMP_MAX;
    return min(max(y, -hi), hi);
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint tile = luma_div(i, TILE);
    uint lane = luma_rem(i, TILE);
    uint mask = (1u << (uint(SHIFT) & 31u)) - 1u;
    bool wide = TILE * TILE > 256u;
    float t = data[min(i, uint(data.length()) - 1u)];
    float remap_1 = remap(t);
    data[min(i, uint(data.length()) - 1u)] = remap_1 + (wide ? 1.0 : 0.0);
    words[min(i, uint(words.length()) - 1u)] = (tile << (uint(SHIFT) & 31u)) | (lane & mask) | (!HDR ? 2147483648u : 0u);
    uint t_1 = words[min(i, uint(words.length()) - 1u)];
    words[min(i, uint(words.length()) - 1u)] = t_1 ^ uint(BIAS * SHIFT);
}
