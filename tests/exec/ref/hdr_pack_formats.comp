#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, std430) buffer Colors { vec4 colors[]; };
layout(set = 0, binding = 1, std430) buffer Packed { uvec4 packed_[]; };
layout(set = 0, binding = 2, std430) buffer Unpacked { vec4 unpacked[]; };
layout(set = 0, binding = 3, std430) buffer Rgbe { vec4 rgbe_out[]; };

uint round_even(uint q, uint rem, uint half_) {
    return (rem > half_ || (rem == half_ && (q & 1u) == 1u)) ? q + 1u : q;
}

uint to_small_float(float f, uint mbits) {
    uint b = floatBitsToUint(f);
    if ((b & 0x7FFFFFFFu) > 0x7F800000u) return (0x1Fu << mbits) | 1u;
    if ((b & 0x80000000u) != 0u || f == 0.0) return 0u;
    uint max_bits = (0x1Eu << mbits) | ((1u << mbits) - 1u);
    int e = int((b >> 23) & 0xFFu) - 127;
    uint m = b & 0x7FFFFFu;
    uint drop = 23u - mbits;
    uint r;
    if (e < -14) {
        uint shift = uint(-14 - e);
        if (shift > mbits + 1u) return 0u;
        uint full = m | 0x800000u;
        uint total = drop + shift;
        r = round_even(full >> total, full & ((1u << total) - 1u), 1u << (total - 1u));
    } else {
        uint q = (uint(e + 15) << mbits) | (m >> drop);
        r = round_even(q, m & ((1u << drop) - 1u), 1u << (drop - 1u));
    }
    return min(r, max_bits);
}

float from_small_float(uint v, uint mbits) {
    uint e = v >> mbits;
    uint m = v & ((1u << mbits) - 1u);
    if (e == 0u) return ldexp(float(m), -14 - int(mbits));
    if (e == 31u) return m == 0u ? uintBitsToFloat(0x7F800000u) : uintBitsToFloat(0x7FC00000u);
    return uintBitsToFloat(((e + 112u) << 23) | (m << (23u - mbits)));
}

uint pack_rgbe(vec3 c) {
    float m = max(c.r, max(c.g, c.b));
    if (m < 1.0e-32) return 0u;
    int e = int((floatBitsToUint(m) >> 23) & 0xFFu) - 126;
    uvec3 q = uvec3(max(c, vec3(0.0)) * ldexp(256.0, -e));
    return q.r | (q.g << 8) | (q.b << 16) | (uint(e + 128) << 24);
}

vec3 unpack_rgbe(uint p) {
    int e = int(p >> 24);
    if (e == 0) return vec3(0.0);
    vec3 q = vec3(float(p & 0xFFu), float((p >> 8) & 0xFFu), float((p >> 16) & 0xFFu));
    return (q + 0.5) * ldexp(1.0, e - 136);
}

uint pack_rgb9e5(vec3 c) {
    vec3 rc = clamp(c, vec3(0.0), vec3(uintBitsToFloat(0x477F8000u)));
    float maxc = max(rc.r, max(rc.g, rc.b));
    int es = max(-16, int((floatBitsToUint(maxc) >> 23) & 0xFFu) - 127) + 16;
    float scale = ldexp(1.0, 24 - es);
    if (int(floor(maxc * scale + 0.5)) == 512) { es += 1; scale *= 0.5; }
    uvec3 m = uvec3(floor(rc * scale + 0.5));
    return m.r | (m.g << 9) | (m.b << 18) | (uint(es) << 27);
}

uint pack_log_luma(vec3 c) {
    float y = dot(c, vec3(0.25, 0.5, 0.25));
    if (y <= 0.0) return 0u;
    return uint(clamp((log2(y) + 16.0) * 32.0, 0.0, 1023.0));
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= uint(colors.length())) return;
    vec3 c = colors[i].rgb;
    uint p = to_small_float(c.r, 6u) | (to_small_float(c.g, 6u) << 11) | (to_small_float(c.b, 5u) << 22);
    uint e = pack_rgbe(c);
    packed_[i] = uvec4(p, e, pack_rgb9e5(c), pack_log_luma(c));
    unpacked[i] = vec4(from_small_float(p & 0x7FFu, 6u), from_small_float((p >> 11) & 0x7FFu, 6u), from_small_float(p >> 22, 5u), 1.0);
    rgbe_out[i] = vec4(unpack_rgbe(e), 0.0);
}
