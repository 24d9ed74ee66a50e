#version 450
layout(local_size_x = 1) in;
struct Light { vec3 dir; float power; };
layout(push_constant, std430) uniform Push {
    float weights[3]; vec2 offset; Light lights[2]; mat2 m[2]; uint count;
} pc;
layout(set = 0, binding = 0, std430) buffer B0 { vec4 o[]; };
void main() {
    float sum = 0.0;
    for (int i = 0; i <= 2; i++) sum += pc.weights[i];
    o[0] = vec4(pc.weights[0], pc.weights[1], pc.weights[2], float(pc.count));
    o[1] = vec4(pc.offset, sum, 0.0);
    for (int i = 0; i <= 1; i++) o[2 + i] = vec4(pc.lights[i].dir * pc.lights[i].power, float(i));
    int k = int(pc.count & 1u);
    o[4] = vec4(pc.m[k] * vec2(1.0, 2.0), pc.m[1 - k][1]);
}
