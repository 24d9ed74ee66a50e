#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, std430) buffer B0 { uint v_indices[]; };
uint collatz_iterations(uint n) {
    uint i = 0u;
    while (n > 1u) { if (n % 2u == 0u) n = n / 2u; else n = 3u * n + 1u; i++; }
    return i;
}
void main() { v_indices[gl_GlobalInvocationID.x] = collatz_iterations(v_indices[gl_GlobalInvocationID.x]); }
