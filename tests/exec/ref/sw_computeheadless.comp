#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Pos { uint values[]; };
layout(constant_id = 0) const uint BUFFER_ELEMENTS = 32u;
uint fibonacci(uint n) {
    if (n <= 1u) return n;
    uint curr = 1u, prev = 1u;
    for (uint i = 2u; i < n; ++i) { uint t = curr; curr += prev; prev = t; }
    return curr;
}
void main() {
    uint index = gl_GlobalInvocationID.x;
    if (index >= BUFFER_ELEMENTS) return;
    values[index] = fibonacci(values[index]);
}
