#version 450
layout(local_size_x = 256) in;
layout(push_constant) uniform P { uint count; uint ascending; } pc;
struct Pair { float key; uint value; };
layout(set = 0, binding = 0, std430) buffer B0 { Pair pairs[]; };
shared float block_keys[512];
shared uint block_values[512];
void main() {
    uint lane = gl_LocalInvocationIndex;
    bool up = pc.ascending != 0u;
    float padding = up ? 3.402823466e+38 : -3.402823466e+38;
    for (uint h = 0u; h < 2u; h++) {
        uint index = lane + h * 256u;
        bool inside = index < pc.count;
        block_keys[index] = inside ? pairs[index].key : padding;
        block_values[index] = inside ? pairs[index].value : 0xFFFFFFFFu;
    }
    barrier();
    for (uint k = 2u; k <= 512u; k <<= 1) {
        for (uint j = k >> 1; j > 0u; j >>= 1) {
            uint i = 2u * lane - (lane & (j - 1u));
            bool asc = ((i & k) == 0u) == up;
            float a = block_keys[i], b = block_keys[i + j];
            if (!(asc ? a <= b : a >= b)) {
                block_keys[i] = b; block_keys[i + j] = a;
                uint v = block_values[i]; block_values[i] = block_values[i + j]; block_values[i + j] = v;
            }
            barrier();
        }
    }
    for (uint h = 0u; h < 2u; h++) {
        uint index = lane + h * 256u;
        if (index < pc.count) pairs[index] = Pair(block_keys[index], block_values[index]);
    }
}
