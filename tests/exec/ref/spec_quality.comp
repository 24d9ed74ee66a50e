#version 450
layout(local_size_x = 8) in;
layout(constant_id = 0) const int QUALITY = 1;
layout(constant_id = 1) const bool USE_SHARED = false;
layout(constant_id = 2) const uint CHANNEL_MASK = 15u;
layout(constant_id = 3) const float SCALE = 1.0;
const int TAPS[3] = int[3](2, 4, 8);
const float RADII[3] = float[3](0.5, 1.0, 2.0);
const float WEIGHTS[8] = float[8](1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0);
layout(set = 0, binding = 0, std430) readonly buffer B0 { float src[]; };
layout(set = 0, binding = 1, std430) buffer B1 { vec4 dst[]; };
shared float tile[8];
void main() {
    uint li = gl_LocalInvocationIndex;
    int taps = TAPS[QUALITY];
    float radius = RADII[QUALITY] * SCALE;
    float v = src[li];
    if (USE_SHARED) {
        tile[li] = v * 2.0;
        barrier();
        v = tile[(li + 1u) % 8u];
    }
    float sum = 0.0;
    for (int t = 0; t < taps && t < 8; t++) sum += WEIGHTS[t] * v;
    uint bits = floatBitsToUint(float(li)) & (CHANNEL_MASK << 20u);
    dst[li] = vec4(sum, radius, float(taps), float(bits >> 20u));
}
