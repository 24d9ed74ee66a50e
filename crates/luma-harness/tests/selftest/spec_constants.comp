#version 450
// Self-test: specialization constants of each scalar kind, one left at its default.
layout(local_size_x = 1) in;
layout(constant_id = 0) const int N = 1;
layout(constant_id = 1) const float F = 1.0;
layout(constant_id = 2) const bool B = false;
layout(constant_id = 3) const int D = 100;
layout(constant_id = 4) const uint U = 1u;
layout(set = 0, binding = 0, std430) buffer Out { int n; float f; int b; int d; uint u; } o;
void main() {
    o.n = N;
    o.f = F;
    o.b = B ? 1 : 0;
    o.d = D;
    o.u = U;
}
