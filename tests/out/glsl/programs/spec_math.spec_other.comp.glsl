#version 450

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

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
    int k = int(gl_GlobalInvocationID.x) - BIAS * 2;
    float remap_1 = remap(float(k >> (uint(SHIFT) & 31u)));
    data[min(gl_GlobalInvocationID.x, uint(data.length()) - 1u)] = remap_1 * float(TILE);
    if (-BIAS > SHIFT || HDR) {
        words[min(gl_GlobalInvocationID.x, uint(words.length()) - 1u)] = luma_rem(uint(k), TILE);
    }
}
