#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int inputs[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { uint uinputs[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int results[]; };
layout(set = 0, binding = 3, std430) buffer B3 { uint uresults[]; };
layout(set = 0, binding = 4, std430) buffer B4 { ivec4 vresults[]; };
void main() {
    int a = inputs[0], b = inputs[1], c = inputs[2], d = inputs[3], one = inputs[4], two = inputs[5];
    results[0] = a & b; results[1] = a | b; results[2] = a ^ b; results[3] = ~a; results[4] = ~b;
    results[5] = a | (b ^ (c & d)); results[6] = a & (b << 2); results[7] = one << (two + one);
    results[8] = (~a) ^ b; results[9] = int((a & 0xFF) == 0x0F); results[10] = int((a | b) != 0);
    uint x = uinputs[0], y = uinputs[1];
    uresults[0] = x & y; uresults[1] = x | y; uresults[2] = x ^ y; uresults[3] = ~x; uresults[4] = (x >> 4u) & 0xFFu;
    ivec4 v = ivec4(1, 2, -1, 0x7FFFFFFF) * one;
    vresults[0] = v & 0xFF; vresults[1] = v | 0x100; vresults[2] = v ^ -1; vresults[3] = ~v & ivec4(a);
}
