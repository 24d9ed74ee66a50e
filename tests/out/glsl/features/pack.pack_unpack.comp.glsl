#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform inputs_block {
    vec4 color;
    vec2 pair;
    uint word;
    uint pad;
} inputs;
layout(set = 0, binding = 1, std430) buffer packed_block {
    uint packed[];
};
layout(set = 0, binding = 2, std430) buffer unpacked_block {
    vec4 unpacked[];
};

void main() {
    packed[min(0u, uint(packed.length()) - 1u)] = packUnorm4x8(inputs.color);
    packed[min(1u, uint(packed.length()) - 1u)] = packSnorm4x8(inputs.color * 2.0 - vec4(1.0));
    packed[min(2u, uint(packed.length()) - 1u)] = packUnorm2x16(inputs.pair);
    packed[min(3u, uint(packed.length()) - 1u)] = packSnorm2x16(-inputs.pair);
    packed[min(4u, uint(packed.length()) - 1u)] = packHalf2x16(inputs.pair * 100.0);
    unpacked[min(0u, uint(unpacked.length()) - 1u)] = unpackUnorm4x8(inputs.word);
    unpacked[min(1u, uint(unpacked.length()) - 1u)] = unpackSnorm4x8(inputs.word);
    unpacked[min(2u, uint(unpacked.length()) - 1u)] = vec4(unpackUnorm2x16(inputs.word), unpackSnorm2x16(inputs.word));
    unpacked[min(3u, uint(unpacked.length()) - 1u)] = vec4(unpackHalf2x16(inputs.word), 0.0, 1.0);
}
