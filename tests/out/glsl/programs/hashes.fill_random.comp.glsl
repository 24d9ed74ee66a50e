#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform params_block {
    uint seed;
    uint frame;
    uint count;
    uint algorithm;
} params;
layout(set = 0, binding = 1, std430) buffer random_words_block {
    uint random_words[];
};
layout(set = 0, binding = 2, std430) buffer random_floats_block {
    vec4 random_floats[];
};
layout(set = 0, binding = 3, std430) buffer signed_out_block {
    int signed_out[];
};

uvec3 pcg3d(uvec3 v) {
    uvec3 w = v * uvec3(1664525u) + uvec3(1013904223u);
    uvec3 w_1 = w;
    w_1.x = w.x + w.y * w.z;
    uvec3 w_2 = w_1;
    w_2.y = w_1.y + w_1.z * w_1.x;
    uvec3 w_3 = w_2;
    w_3.z = w_2.z + w_2.x * w_2.y;
    uvec3 w_4 = w_3 ^ (w_3 >> uvec3(16u));
    uvec3 w_5 = w_4;
    w_5.x = w_4.x + w_4.y * w_4.z;
    uvec3 w_6 = w_5;
    w_6.y = w_5.y + w_5.z * w_5.x;
    uvec3 w_7 = w_6;
    w_7.z = w_6.z + w_6.x * w_6.y;
    return w_7;
}

uvec4 pcg4d(uvec4 v) {
    uvec4 w = v * uvec4(1664525u) + uvec4(1013904223u);
    uvec4 w_1 = w;
    w_1.x = w.x + w.y * w.w;
    uvec4 w_2 = w_1;
    w_2.y = w_1.y + w_1.z * w_1.x;
    uvec4 w_3 = w_2;
    w_3.z = w_2.z + w_2.x * w_2.y;
    uvec4 w_4 = w_3;
    w_4.w = w_3.w + w_3.y * w_3.z;
    uvec4 w_5 = w_4 ^ (w_4 >> uvec4(16u));
    uvec4 w_6 = w_5;
    w_6.x = w_5.x + w_5.y * w_5.w;
    uvec4 w_7 = w_6;
    w_7.y = w_6.y + w_6.z * w_6.x;
    uvec4 w_8 = w_7;
    w_8.z = w_7.z + w_7.x * w_7.y;
    uvec4 w_9 = w_8;
    w_9.w = w_8.w + w_8.y * w_8.z;
    return w_9;
}

float to_unit(uint h) {
    return float(h >> 8u) * 5.9604645e-8;
}

float to_unit_bits(uint h) {
    return uintBitsToFloat(1065353216u | (h >> 9u)) - 1.0;
}

uint pcg(uint v) {
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> (((state >> 28u) + 4u) & 31u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

uint xorshift32(uint v) {
    uint x = v ^ (v << 13u);
    uint x_1 = x ^ (x >> 17u);
    uint x_2 = x_1 ^ (x_1 << 5u);
    return x_2;
}

uint murmur3_fmix(uint v) {
    uint h = v ^ (v >> 16u);
    uint h_1 = h * 2246822507u;
    uint h_2 = h_1 ^ (h_1 >> 13u);
    uint h_3 = h_2 * 3266489909u;
    uint h_4 = h_3 ^ (h_3 >> 16u);
    return h_4;
}

uint wang(uint v) {
    uint h = v ^ 61u ^ (v >> 16u);
    uint h_1 = h * 9u;
    uint h_2 = h_1 ^ (h_1 >> 4u);
    uint h_3 = h_2 * 668265261u;
    uint h_4 = h_3 ^ (h_3 >> 15u);
    return h_4;
}

uint rotl(uint x, uint r) {
    return (x << (r & 31u)) | (x >> ((32u - r) & 31u));
}

uint xxhash32_2(uint a, uint b, uint seed) {
    uint h = seed + 374761393u + 8u;
    uint rotl_1 = rotl(h + a * 3266489917u, 17u);
    uint h_1 = rotl_1 * 668265263u;
    uint rotl_2 = rotl(h_1 + b * 3266489917u, 17u);
    uint h_2 = rotl_2 * 668265263u;
    uint h_3 = 2246822519u * (h_2 ^ (h_2 >> 15u));
    uint h_4 = 3266489917u * (h_3 ^ (h_3 >> 13u));
    return h_4 ^ (h_4 >> 16u);
}

uint lcg(uint state) {
    return 1664525u * state + 1013904223u;
}

uint hash_by(uint algorithm, uint x) {
    if (algorithm == 0u) {
        uint pcg_1 = pcg(x);
        return pcg_1;
    } else if (algorithm == 1u) {
        uint xorshift32_1 = xorshift32(x | 1u);
        return xorshift32_1;
    } else if (algorithm == 2u) {
        uint murmur3_fmix_1 = murmur3_fmix(x);
        return murmur3_fmix_1;
    } else if (algorithm == 3u) {
        uint wang_1 = wang(x);
        return wang_1;
    } else if (algorithm == 4u) {
        uint xxhash32_2_1 = xxhash32_2(x, params.frame, params.seed);
        return xxhash32_2_1;
    }
    uint lcg_1 = lcg(x);
    return lcg_1;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= params.count) {
        return;
    }
    uint key = i ^ (params.seed * 2654435769u);
    uint hash_by_1 = hash_by(params.algorithm, key);
    random_words[min(i, uint(random_words.length()) - 1u)] = hash_by_1;
    uvec4 v = pcg4d(uvec4(i, params.seed, params.frame, params.algorithm));
    float to_unit_1 = to_unit(v.x);
    float to_unit_2 = to_unit(v.y);
    float to_unit_bits_1 = to_unit_bits(v.z);
    float to_unit_bits_2 = to_unit_bits(v.w);
    vec4 jitter = vec4(to_unit_1, to_unit_2, to_unit_bits_1, to_unit_bits_2);
    vec2 cell = vec2(float(i % 8u), float(i / 8u % 8u));
    random_floats[min(i, uint(random_floats.length()) - 1u)] = vec4((cell + jitter.xy) / vec2(8.0), jitter.zw);
    uvec3 p3 = pcg3d(uvec3(i, params.frame, params.seed));
    int s = int(p3.x ^ p3.y);
    signed_out[min(i, uint(signed_out.length()) - 1u)] = (s >> 7u) ^ (s << 3u) ^ int(p3.z);
}
