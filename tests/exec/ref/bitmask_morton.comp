#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, std430) buffer Masks { uvec4 masks[]; };
layout(set = 0, binding = 1, std430) buffer Points { uvec4 points[]; };
layout(set = 0, binding = 2, std430) buffer OutMasks { uvec4 out_masks[]; };
layout(set = 0, binding = 3, std430) buffer OutCodes { uvec4 out_codes[]; };
layout(set = 0, binding = 4, std430) buffer OutBits { ivec4 out_bits[]; };

uint spread3(uint v) {
    uint x = v & 0x3FFu;
    x = (x | (x << 16)) & 0x030000FFu;
    x = (x | (x << 8)) & 0x0300F00Fu;
    x = (x | (x << 4)) & 0x030C30C3u;
    x = (x | (x << 2)) & 0x09249249u;
    return x;
}
uint compact3(uint v) {
    uint x = v & 0x09249249u;
    x = (x | (x >> 2)) & 0x030C30C3u;
    x = (x | (x >> 4)) & 0x0300F00Fu;
    x = (x | (x >> 8)) & 0x030000FFu;
    x = (x | (x >> 16)) & 0x3FFu;
    return x;
}
uint morton2(uint x, uint y) {
    uint c = 0u;
    for (uint b = 0u; b < 4u; ++b) c |= (((x >> b) & 1u) << (2u * b)) | (((y >> b) & 1u) << (2u * b + 1u));
    return c;
}
uint hilbert(uint n, uint x, uint y) {
    uint d = 0u;
    for (uint s = n / 2u; s > 0u; s /= 2u) {
        uint rx = (x & s) > 0u ? 1u : 0u, ry = (y & s) > 0u ? 1u : 0u;
        d += s * s * ((3u * rx) ^ ry);
        if (ry == 0u) {
            if (rx == 1u) { x = s - 1u - (x & (s - 1u)); y = s - 1u - (y & (s - 1u)); }
            uint t = x; x = y; y = t;
        }
    }
    return d;
}
int clz_u(uint v) { return v == 0u ? 32 : 31 - findMSB(v); }
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= uint(masks.length())) return;
    uvec4 m = masks[i];
    uint sum = 0u, count = 0u;
    int lowest = -1, highest = -1;
    for (int w = 0; w < 4; ++w) {
        uint bits = m[w];
        count += uint(bitCount(bits));
        if (bits != 0u) {
            highest = w * 32 + findMSB(bits);
            if (lowest < 0) lowest = w * 32 + findLSB(bits);
        }
        while (bits != 0u) { sum += uint(w) * 32u + uint(findLSB(bits)); bits &= bits - 1u; }
    }
    out_masks[i] = uvec4(sum, count, uint(highest), uint(lowest));
    int w3 = int(m.w);
    out_bits[i] = ivec4(clz_u(m.x), int(bitfieldReverse(m.y)), findMSB(int(m.z)), w3 < 0 ? 0 : clz_u(uint(w3)));
    uvec4 p = points[i];
    uint code = spread3(p.x) | (spread3(p.y) << 1) | (spread3(p.z) << 2);
    uint decoded = compact3(code) | (compact3(code >> 1) << 10) | (compact3(code >> 2) << 20);
    uint px = p.w & 15u, py = (p.w >> 4) & 15u;
    out_codes[i] = uvec4(code, decoded, morton2(px, py), hilbert(16u, px, py));
}
