#version 450
struct Node { vec4 color; float depth; uint next; };
layout(location = 0) out vec4 outFragColor;
layout(set = 0, binding = 0, r32ui) uniform readonly uimage2D headIndexImage;
layout(std430, set = 0, binding = 1) readonly buffer LinkedListSBO { Node nodes[]; };
void main() {
    Node fragments[128];
    int count = 0;
    uint nodeIdx = imageLoad(headIndexImage, ivec2(gl_FragCoord.xy)).r;
    while (nodeIdx != 0xffffffffu && count < 128) { fragments[count] = nodes[nodeIdx]; nodeIdx = fragments[count].next; ++count; }
    for (int i = 1; i < count; ++i) {
        Node insert = fragments[i];
        int j = i;
        while (j > 0 && insert.depth > fragments[j - 1].depth) { fragments[j] = fragments[j - 1]; --j; }
        fragments[j] = insert;
    }
    vec4 color = vec4(0.025, 0.025, 0.025, 1.0);
    for (int i = 0; i < count; ++i) color = mix(color, fragments[i].color, fragments[i].color.a);
    outFragColor = color;
}
