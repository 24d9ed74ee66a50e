#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform u_block {
    vec4 v;
    mat4 m;
} u;
layout(set = 0, binding = 1, std430) buffer out_block {
    float out_[];
};

void main() {
    out_[min(0u, uint(out_.length()) - 1u)] = u.v.w + u.m[3u].w;
}
