#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Params {
    float weights[3];
    float bias;
};

layout(set = 0, binding = 0, std140) uniform params_block {
    float weights[3];
    float bias;
} params;
layout(set = 0, binding = 1, std430) buffer out_block {
    float out_[];
};

float Params_from_std140(float x) {
    return x * 2.0;
}

void main() {
    Params p = Params(float[3](0.0, 0.0, 0.0), 0.0);
    float Params_from_std140_1 = Params_from_std140(float(gl_LocalInvocationIndex));
    vec2 scaled = vec2(Params_from_std140_1, 1.0);
    p = Params(params.weights, params.bias);
    float t = p.weights[min(gl_LocalInvocationIndex % 3u, 2u)];
    float bias = p.bias;
    out_[min(0u, uint(out_.length()) - 1u)] = t * scaled.x + bias * scaled.y;
}
