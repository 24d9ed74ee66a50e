#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { vec4 fin[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { uint uin[]; };
layout(set = 0, binding = 2, std430) buffer B2 { uint packed[]; };
layout(set = 0, binding = 3, std430) buffer B3 { vec4 unpacked[]; };
void main() {
    packed[0] = packUnorm4x8(fin[0]); packed[1] = packSnorm4x8(fin[1]);
    packed[2] = packUnorm2x16(fin[2].xy); packed[3] = packSnorm2x16(fin[2].zw); packed[4] = packHalf2x16(fin[3].xy);
    unpacked[0] = unpackUnorm4x8(uin[0]); unpacked[1] = unpackSnorm4x8(uin[1]);
    unpacked[2] = vec4(unpackUnorm2x16(uin[2]), unpackSnorm2x16(uin[3]));
    unpacked[3] = vec4(unpackHalf2x16(uin[4]), 0.0, 0.0);
}
