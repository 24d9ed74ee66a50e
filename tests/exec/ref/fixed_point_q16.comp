#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, std430) buffer Inputs { ivec2 inputs[]; };
layout(set = 0, binding = 1, std430) buffer Results { ivec4 results[]; };
layout(set = 0, binding = 2, std430) buffer Wide { uvec4 wide[]; };

uvec2 neg64(uvec2 v) { uint lo = ~v.y + 1u; return uvec2(~v.x + (lo == 0u ? 1u : 0u), lo); }

// GLSL's umulExtended gives the full product directly.
uvec2 mul_i64(int a, int b) {
    uint ua = a < 0 ? uint(-a) : uint(a);
    uint ub = b < 0 ? uint(-b) : uint(b);
    uint hi, lo;
    umulExtended(ua, ub, hi, lo);
    uvec2 p = uvec2(hi, lo);
    return ((a < 0) != (b < 0)) ? neg64(p) : p;
}

const int IMIN = int(0x80000000u);
const int IMAX = 0x7FFFFFFF;

int q_mul(int a, int b) {
    uvec2 p = mul_i64(a, b);
    bool neg = (p.x & 0x80000000u) != 0u;
    uvec2 m = neg ? neg64(p) : p;
    uint lo, carry;
    lo = uaddCarry(m.y, 0x8000u, carry);
    uint hi = m.x + carry;
    if ((hi >> 15) != 0u) return neg ? IMIN : IMAX;
    uint r = (lo >> 16) | (hi << 16);
    return neg ? -int(r) : int(r);
}

int q_div(int a, int b) {
    if (b == 0) return a < 0 ? IMIN : IMAX;
    bool neg = (a < 0) != (b < 0);
    uint ua = a < 0 ? uint(-a) : uint(a);
    uint ub = b < 0 ? uint(-b) : uint(b);
    uint hi = ua >> 16, lo = ua << 16, rem = 0u, q = 0u;
    bool overflow = false;
    for (int i = 63; i >= 0; --i) {
        uint bit = i >= 32 ? (hi >> uint(i - 32)) & 1u : (lo >> uint(i)) & 1u;
        uint top = rem >> 31;
        rem = (rem << 1) | bit;
        if (top != 0u || rem >= ub) {
            rem -= ub;
            if (i >= 32) overflow = true; else q |= 1u << uint(i);
        }
    }
    if (overflow || q > 0x80000000u || (q == 0x80000000u && !neg)) return neg ? IMIN : IMAX;
    return neg ? -int(q) : int(q);
}

int q_sqrt(int a) {
    if (a <= 0) return 0;
    uint hi = uint(a) >> 16, lo = uint(a) << 16;
    uint res = 0u, rh = 0u, rl = 0u;
    for (int i = 23; i >= 0; --i) {
        uint pair = 2 * i >= 32 ? (hi >> uint(2 * i - 32)) & 3u : (lo >> uint(2 * i)) & 3u;
        rh = (rh << 2) | (rl >> 30);
        rl = (rl << 2) | pair;
        uint trial = (res << 2) | 1u;
        if (rh != 0u || rl >= trial) {
            uint borrow = rl < trial ? 1u : 0u;
            rl -= trial; rh -= borrow;
            res = (res << 1) | 1u;
        } else {
            res <<= 1;
        }
    }
    return int(res);
}

int sat_add(int a, int b) {
    int s = a + b;
    if ((a >= 0) == (b >= 0) && (s >= 0) != (a >= 0)) return a < 0 ? IMIN : IMAX;
    return s;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= uint(inputs.length())) return;
    int a = inputs[i].x, b = inputs[i].y;
    results[i] = ivec4(q_mul(a, b), q_div(a, b), q_sqrt(a < 0 ? -a : a), sat_add(a, b));
    // a % 7 with the dividend's sign, spelled out (GLSL leaves % of negatives undefined)
    int r7 = a - (a / 7) * 7;
    wide[i] = uvec4(mul_i64(a, b), uint(a >> 4), uint(r7));
}
