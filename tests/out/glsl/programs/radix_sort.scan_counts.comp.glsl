#version 450

layout(local_size_x = 256, local_size_y = 1, local_size_z = 1) in;

layout(push_constant, std430) uniform sort_block {
    uint count;
    uint shift;
    uint tile_count;
    uint descending;
} sort;
layout(set = 0, binding = 4, std430) buffer tile_counts_block {
    uint tile_counts[];
};
shared uint scan_scratch[256];

void main() {
    uint total = 16u * sort.tile_count;
    uint v = 0u;
    uint carry = 0u;
    uint base = 0u;
    while (true) {
        if (!(v < 4096u)) {
            break;
        }
        if (!(base < total)) {
            break;
        }
        uint index = base + gl_LocalInvocationIndex;
        uint value = 0u;
        if (index < total) {
            uint t = tile_counts[min(index, uint(tile_counts.length()) - 1u)];
            value = t;
        }
        scan_scratch[min(gl_LocalInvocationIndex, 255u)] = value;
        memoryBarrierShared();
        barrier();
        uint v_1 = 0u;
        uint offset = 1u;
        while (true) {
            if (!(v_1 < 8u)) {
                break;
            }
            if (!(offset < 256u)) {
                break;
            }
            uint addend = 0u;
            if (gl_LocalInvocationIndex >= offset) {
                uint t_1 = scan_scratch[min(gl_LocalInvocationIndex - offset, 255u)];
                addend = t_1;
            }
            memoryBarrierShared();
            barrier();
            uint t_2 = scan_scratch[min(gl_LocalInvocationIndex, 255u)];
            scan_scratch[min(gl_LocalInvocationIndex, 255u)] = t_2 + addend;
            memoryBarrierShared();
            barrier();
            uint offset_1 = offset << 1u;
            v_1 = v_1 + 1u;
            offset = offset_1;
        }
        if (index < total) {
            uint t_3 = scan_scratch[min(gl_LocalInvocationIndex, 255u)];
            tile_counts[min(index, uint(tile_counts.length()) - 1u)] = carry + t_3 - value;
        }
        uint chunk_total = scan_scratch[255u];
        memoryBarrierShared();
        barrier();
        uint carry_1 = carry + chunk_total;
        uint base_1 = base + 256u;
        v = v + 1u;
        carry = carry_1;
        base = base_1;
    }
}
