#version 450

layout(early_fragment_tests) in;

struct Node {
    uint color;
    float depth;
    uint next;
};

layout(location = 0) in vec2 uv;
layout(location = 1) in float alpha;

layout(set = 0, binding = 0, std430) buffer counter_block {
    uint count;
    uint capacity;
    uint width;
} counter;
layout(set = 0, binding = 1, std430) buffer nodes_block {
    Node nodes[];
};
layout(set = 0, binding = 2, std430) buffer heads_block {
    uint heads[];
};
layout(set = 0, binding = 3) uniform sampler2D albedo;

void main() {
    vec4 c = texture(albedo, uv);
    uint slot = atomicAdd(counter.count, 1u);
    uint capacity = counter.capacity;
    if (slot < capacity) {
        uvec2 p = uvec2(gl_FragCoord.xy);
        uint width = counter.width;
        uint prev = atomicExchange(heads[min(p.y * width + p.x, uint(heads.length()) - 1u)], slot);
        nodes[min(slot, uint(nodes.length()) - 1u)] = Node(packUnorm4x8(vec4(c.xyz, alpha)), gl_FragCoord.z, prev);
    }
}
