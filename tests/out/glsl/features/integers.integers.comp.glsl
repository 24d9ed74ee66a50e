#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform inputs_block {
    int a;
    int b;
    uint c;
    uint d;
    ivec4 va;
    ivec4 vb;
    uvec3 vc;
    uvec3 vd;
    float f;
    int shift;
    uint ushift;
    uint flag;
} inputs;
layout(set = 0, binding = 1, std430) buffer out_ints_block {
    int out_ints[];
};
layout(set = 0, binding = 2, std430) buffer out_uints_block {
    uint out_uints[];
};
layout(set = 0, binding = 3, std430) buffer out_ivecs_block {
    ivec4 out_ivecs[];
};
layout(set = 0, binding = 4, std430) buffer out_uvecs_block {
    uvec4 out_uvecs[];
};

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
int luma_div(int a, int b) {
    return a / ((b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b);
}

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
ivec4 luma_div(ivec4 a, ivec4 b) {
    return ivec4(luma_div(a.x, b.x), luma_div(a.y, b.y), luma_div(a.z, b.z), luma_div(a.w, b.w));
}

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
uint luma_div(uint a, uint b) {
    return a / (b == 0u ? 1u : b);
}

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
uvec3 luma_div(uvec3 a, uvec3 b) {
    return a / mix(b, uvec3(1u), equal(b, uvec3(0u)));
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
ivec4 luma_rem(ivec4 a, ivec4 b) {
    return ivec4(luma_rem(a.x, b.x), luma_rem(a.y, b.y), luma_rem(a.z, b.z), luma_rem(a.w, b.w));
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
uint luma_rem(uint a, uint b) {
    return a % (b == 0u ? 1u : b);
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
uvec3 luma_rem(uvec3 a, uvec3 b) {
    return a % mix(b, uvec3(1u), equal(b, uvec3(0u)));
}

void main() {
    int a = inputs.a;
    int b = inputs.b;
    uint c = inputs.c;
    uint d = inputs.d;
    out_ints[min(0u, uint(out_ints.length()) - 1u)] = a + b;
    out_ints[min(1u, uint(out_ints.length()) - 1u)] = a - b;
    out_ints[min(2u, uint(out_ints.length()) - 1u)] = a * b;
    out_ints[min(3u, uint(out_ints.length()) - 1u)] = luma_div(a, b);
    out_ints[min(4u, uint(out_ints.length()) - 1u)] = luma_rem(a, b);
    out_ints[min(5u, uint(out_ints.length()) - 1u)] = -a;
    out_ints[min(6u, uint(out_ints.length()) - 1u)] = a + 1 - 1;
    out_ints[min(7u, uint(out_ints.length()) - 1u)] = 2147483647 + a;
    out_ints[min(8u, uint(out_ints.length()) - 1u)] = -2147483647 - 1 + b;
    out_ints[min(9u, uint(out_ints.length()) - 1u)] = a & b;
    out_ints[min(10u, uint(out_ints.length()) - 1u)] = a | b;
    out_ints[min(11u, uint(out_ints.length()) - 1u)] = a ^ b;
    out_ints[min(12u, uint(out_ints.length()) - 1u)] = ~a;
    out_ints[min(13u, uint(out_ints.length()) - 1u)] = a << (uint(inputs.shift) & 31u);
    out_ints[min(14u, uint(out_ints.length()) - 1u)] = a >> (inputs.ushift & 31u);
    out_ints[min(15u, uint(out_ints.length()) - 1u)] = a << 3u;
    out_ints[min(16u, uint(out_ints.length()) - 1u)] = (a & 255) | ((b << 8u) ^ 23130);
    out_ints[min(17u, uint(out_ints.length()) - 1u)] = abs(a);
    out_ints[min(18u, uint(out_ints.length()) - 1u)] = sign(b);
    out_ints[min(19u, uint(out_ints.length()) - 1u)] = min(a, b);
    out_ints[min(20u, uint(out_ints.length()) - 1u)] = max(a, 7);
    out_ints[min(21u, uint(out_ints.length()) - 1u)] = clamp(a, -10, 10);
    out_ints[min(22u, uint(out_ints.length()) - 1u)] = bitCount(a);
    out_ints[min(23u, uint(out_ints.length()) - 1u)] = bitfieldReverse(b);
    out_ints[min(24u, uint(out_ints.length()) - 1u)] = findMSB(a);
    out_ints[min(25u, uint(out_ints.length()) - 1u)] = findLSB(b);
    out_ints[min(26u, uint(out_ints.length()) - 1u)] = int(inputs.f);
    out_ints[min(27u, uint(out_ints.length()) - 1u)] = int(c);
    out_ints[min(28u, uint(out_ints.length()) - 1u)] = floatBitsToInt(inputs.f);
    out_ints[min(29u, uint(out_ints.length()) - 1u)] = int(a > b);
    out_ints[min(30u, uint(out_ints.length()) - 1u)] = int(a == b) + int(a != b) * 2 + int(a <= b) * 4 + int(a >= b) * 8 + int(a < b) * 16;
    out_ints[min(31u, uint(out_ints.length()) - 1u)] = a < b ? 1 : -1;
    out_uints[min(0u, uint(out_uints.length()) - 1u)] = c + d;
    out_uints[min(1u, uint(out_uints.length()) - 1u)] = c - d;
    out_uints[min(2u, uint(out_uints.length()) - 1u)] = c * d;
    out_uints[min(3u, uint(out_uints.length()) - 1u)] = luma_div(c, d);
    out_uints[min(4u, uint(out_uints.length()) - 1u)] = luma_rem(c, d);
    out_uints[min(5u, uint(out_uints.length()) - 1u)] = c & d;
    out_uints[min(6u, uint(out_uints.length()) - 1u)] = c | d;
    out_uints[min(7u, uint(out_uints.length()) - 1u)] = c ^ d;
    out_uints[min(8u, uint(out_uints.length()) - 1u)] = ~c;
    out_uints[min(9u, uint(out_uints.length()) - 1u)] = c << 3u;
    out_uints[min(10u, uint(out_uints.length()) - 1u)] = c >> (uint(inputs.shift) & 31u);
    out_uints[min(11u, uint(out_uints.length()) - 1u)] = c >> (inputs.ushift & 31u);
    out_uints[min(12u, uint(out_uints.length()) - 1u)] = min(c, d);
    out_uints[min(13u, uint(out_uints.length()) - 1u)] = max(c, 100u);
    out_uints[min(14u, uint(out_uints.length()) - 1u)] = clamp(c, 1u, 255u);
    out_uints[min(15u, uint(out_uints.length()) - 1u)] = uint(bitCount(c));
    out_uints[min(16u, uint(out_uints.length()) - 1u)] = bitfieldReverse(d);
    out_uints[min(17u, uint(out_uints.length()) - 1u)] = uint(findMSB(c));
    out_uints[min(18u, uint(out_uints.length()) - 1u)] = uint(findLSB(d));
    out_uints[min(19u, uint(out_uints.length()) - 1u)] = 4294967295u;
    out_uints[min(20u, uint(out_uints.length()) - 1u)] = 4294967295u - c;
    out_uints[min(21u, uint(out_uints.length()) - 1u)] = uint(a);
    out_uints[min(22u, uint(out_uints.length()) - 1u)] = uint(inputs.f);
    out_uints[min(23u, uint(out_uints.length()) - 1u)] = floatBitsToUint(inputs.f);
    out_uints[min(24u, uint(out_uints.length()) - 1u)] = uint(a);
    out_uints[min(25u, uint(out_uints.length()) - 1u)] = uint(inputs.flag != 0u);
    out_uints[min(26u, uint(out_uints.length()) - 1u)] = uint(bool(inputs.flag));
    ivec4 v = inputs.va * inputs.vb + luma_div(inputs.va, inputs.vb) - luma_rem(inputs.va, inputs.vb);
    ivec4 v_1 = (v & ivec4(255)) | (inputs.vb << uvec4(2u));
    ivec4 v_2 = v_1 ^ ~inputs.va;
    ivec4 v_3 = v_2 >> uvec4(1u, 2u, 3u, 4u);
    ivec4 v_4 = v_3 << uvec4(0u, 1u, 2u, 3u);
    ivec4 v_5 = -v_4 + abs(inputs.vb) + sign(inputs.va) + min(inputs.va, inputs.vb) + max(inputs.va, ivec4(0));
    ivec4 v_6 = clamp(v_5, ivec4(-100), ivec4(100));
    ivec4 v_7 = v_6 + (bitCount(inputs.va) + bitfieldReverse(inputs.vb));
    ivec4 v_8 = luma_rem(v_7, ivec4(7));
    out_ivecs[min(0u, uint(out_ivecs.length()) - 1u)] = v_8;
    out_ivecs[min(1u, uint(out_ivecs.length()) - 1u)] = ivec4(int(inputs.f)) + ivec4(uvec4(inputs.vc, 1u)) + floatBitsToInt(vec4(inputs.f));
    out_ivecs[min(2u, uint(out_ivecs.length()) - 1u)] = findMSB(v_8) + findLSB(inputs.va);
    uvec3 w = inputs.vc * inputs.vd + luma_div(inputs.vc, inputs.vd) + luma_rem(inputs.vc, inputs.vd);
    uvec3 w_1 = w - uvec3(1u);
    uvec3 w_2 = (w_1 & uvec3(240u)) | (inputs.vd >> uvec3(4u));
    uvec3 w_3 = w_2 ^ ~inputs.vc;
    uvec3 w_4 = w_3 << uvec3(1u);
    uvec3 w_5 = min(w_4, inputs.vd) + max(w_4, uvec3(3u)) + clamp(w_4, uvec3(0u), uvec3(1000u));
    out_uvecs[min(0u, uint(out_uvecs.length()) - 1u)] = uvec4(w_5, uint(bitCount(inputs.c)));
    out_uvecs[min(1u, uint(out_uvecs.length()) - 1u)] = uvec4(inputs.va) + uvec4(inputs.va) + uvec4(floatBitsToUint(vec3(inputs.f)), 0u);
    out_uvecs[min(2u, uint(out_uvecs.length()) - 1u)] = uvec4(bvec4(true, false, inputs.c > 0u, inputs.d == 0u));
}
