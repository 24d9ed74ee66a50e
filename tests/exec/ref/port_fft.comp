#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, std430) buffer B0 { vec2 signal_[16]; };
shared vec2 buf[16];
vec2 cmul(vec2 a, vec2 b) { return vec2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
uint bitrev(uint i) { return bitfieldReverse(i) >> 28u; }
void main() {
    uint t = gl_LocalInvocationIndex;
    buf[bitrev(t)] = signal_[t];
    buf[bitrev(t + 8u)] = signal_[t + 8u];
    barrier();
    for (int s = 1; s <= 4; s++) {
        uint half_m = 1u << uint(s - 1);
        uint k = t % half_m;
        uint j = (t / half_m) * (half_m * 2u) + k;
        float angle = -2.0 * 3.14159265358979 * float(k) / float(half_m * 2u);
        vec2 w = vec2(cos(angle), sin(angle));
        vec2 u = buf[j];
        vec2 v = cmul(w, buf[j + half_m]);
        barrier();
        buf[j] = u + v;
        buf[j + half_m] = u - v;
        barrier();
    }
    signal_[t] = buf[t];
    signal_[t + 8u] = buf[t + 8u];
}
