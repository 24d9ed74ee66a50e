#version 450
layout(local_size_x = 256) in;
layout(push_constant) uniform P { uint count; uint pad; } pc;
layout(set = 0, binding = 0, std430) readonly buffer B0 { uint keys_in[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { uint values_in[]; };
layout(set = 0, binding = 2, std430) buffer B2 { uint keys_out[]; };
layout(set = 0, binding = 3, std430) buffer B3 { uint values_out[]; };
shared uint local_keys[256];
shared uint local_values[256];
shared uint digits[256];
void main() {
    uint lane = gl_LocalInvocationIndex;
    bool valid = lane < pc.count;
    local_keys[lane] = valid ? keys_in[lane] : 0xFFFFFFFFu;
    local_values[lane] = valid ? values_in[lane] : 0u;
    barrier();
    for (uint shift = 0u; shift < 32u; shift += 4u) {
        uint key = local_keys[lane], value = local_values[lane];
        uint digit = (key >> shift) & 15u;
        digits[lane] = digit;
        barrier();
        uint position = 0u;
        for (uint j = 0u; j < 256u; j++) {
            uint other = digits[j];
            if (other < digit || (other == digit && j < lane)) position++;
        }
        barrier();
        local_keys[position] = key;
        local_values[position] = value;
        barrier();
    }
    if (valid) { keys_out[lane] = local_keys[lane]; values_out[lane] = local_values[lane]; }
}
