#version 450
layout(local_size_x = 1) in;
layout(push_constant, std430) uniform Push { float w[3]; } pc;
layout(set = 0, binding = 0, std430) buffer B0 { float o[]; };
void main() {
    float sum = 0.0;
    for (int i = 0; i <= 2; i++) {
        o[i] = pc.w[2 - i];
        sum += pc.w[i] * float(i + 1);
    }
    o[3] = sum;
}
