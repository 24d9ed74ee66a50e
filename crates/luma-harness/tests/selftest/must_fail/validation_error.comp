#version 450
// MUST FAIL: uses doubles (capability Float64) while the harness leaves shaderFloat64 off.
// lavapipe would run it anyway; the validation layer must report it and fail the run.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer Out { float r; } o;
void main() {
    double d = double(o.r) * 3.0lf;
    o.r = float(d);
}
