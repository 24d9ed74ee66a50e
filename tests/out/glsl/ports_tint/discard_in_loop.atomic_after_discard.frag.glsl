#version 450

layout(location = 0) in float v;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std430) buffer s_block {
    int s;
};

bool call_discard(int x) {
    if (x < 0) {
        discard;
    }
    return true;
}

void main() {
    if (v > 2.0) {
        discard;
    }
    bool also = call_discard(int(v));
    int old_value = atomicCompSwap(s, 0, 1);
    color = vec4(float(old_value), also ? 1.0 : 0.0, 0.0, 1.0);
}
