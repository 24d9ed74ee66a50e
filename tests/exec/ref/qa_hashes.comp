#version 450
layout(local_size_x = 16) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { uint seeds[]; };
layout(set = 0, binding = 1, std430) buffer B1 { uint hashes[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int scrambled[]; };
uint pcg(uint v) {
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}
uint xorshift32(uint x) { x ^= x << 13; x ^= x >> 17; x ^= x << 5; return x; }
uint fmix(uint h) { h ^= h >> 16; h *= 0x85ebca6bu; h ^= h >> 13; h *= 0xc2b2ae35u; return h ^ (h >> 16); }
uint wang(uint v) { uint h = (v ^ 61u) ^ (v >> 16); h *= 9u; h ^= h >> 4; h *= 0x27d4eb2du; return h ^ (h >> 15); }
uint rotl(uint x, uint r) { return (x << r) | (x >> (32u - r)); }
uint xxh(uint a, uint b, uint seed) {
    uint h = seed + 374761393u + 8u;
    h = rotl(h + a * 3266489917u, 17u) * 668265263u;
    h = rotl(h + b * 3266489917u, 17u) * 668265263u;
    h = 2246822519u * (h ^ (h >> 15));
    h = 3266489917u * (h ^ (h >> 13));
    return h ^ (h >> 16);
}
uint lcg(uint s) { return 1664525u * s + 1013904223u; }
void main() {
    uint i = gl_LocalInvocationIndex;
    uint x = seeds[i];
    uint b = i * 6u;
    hashes[b] = pcg(x);
    hashes[b + 1u] = xorshift32(x | 1u);
    hashes[b + 2u] = fmix(x);
    hashes[b + 3u] = wang(x);
    hashes[b + 4u] = xxh(x, x * 3u, 7u);
    hashes[b + 5u] = lcg(lcg(x));
    // GLSL's >> on int is arithmetic, and int arithmetic wraps in SPIR-V.
    int s = int(pcg(x));
    scrambled[i] = (s >> 7) ^ (s << 3) ^ -s;
}
