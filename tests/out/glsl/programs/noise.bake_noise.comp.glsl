#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(push_constant, std430) uniform noise_block {
    vec2 origin;
    float scale;
    float time;
    uint width;
    uint height;
    int octaves;
    int mode;
    float lacunarity;
    float gain;
} noise;
layout(set = 0, binding = 0, std430) buffer image_block {
    float image[];
};

uint hash3(ivec3 p) {
    uvec3 v = uvec3(p) * uvec3(1664525u) + uvec3(1013904223u);
    uvec3 v_1 = v;
    v_1.x = v.x + v.y * v.z;
    uvec3 v_2 = v_1;
    v_2.y = v_1.y + v_1.z * v_1.x;
    uvec3 v_3 = v_2;
    v_3.z = v_2.z + v_2.x * v_2.y;
    uvec3 v_4 = v_3 ^ (v_3 >> uvec3(16u));
    uvec3 v_5 = v_4;
    v_5.x = v_4.x + v_4.y * v_4.z;
    uvec3 v_6 = v_5;
    v_6.y = v_5.y + v_5.z * v_5.x;
    uvec3 v_7 = v_6;
    v_7.z = v_6.z + v_6.x * v_6.y;
    return v_7.x ^ v_7.y ^ v_7.z;
}

vec3 fade3(vec3 t) {
    return t * t * t * (t * (t * 6.0 - vec3(15.0)) + vec3(10.0));
}

float gradient3(uint h, vec3 d) {
    uint g = h & 15u;
    float u = g < 8u ? d.x : d.y;
    float v = g < 4u ? d.y : (g == 12u || g == 14u ? d.x : d.z);
    float su = (g & 1u) == 0u ? u : -u;
    float sv = (g & 2u) == 0u ? v : -v;
    return su + sv;
}

float perlin3(vec3 p) {
    float xy_weights[4] = float[4](0.0, 0.0, 0.0, 0.0);
    ivec3 cell = ivec3(floor(p));
    vec3 d = fract(p);
    vec3 f = fade3(d);
    xy_weights = float[4]((1.0 - f.x) * (1.0 - f.y), f.x * (1.0 - f.y), (1.0 - f.x) * f.y, f.x * f.y);
    int corner = 0;
    uint v = 7u;
    bool v_1 = true;
    float result = 0.0;
    float result_1;
    while (true) {
        if (!v_1) {
            result_1 = result;
            break;
        }
        ivec3 o = ivec3(corner & 1, (corner >> 1u) & 1, corner >> 2u);
        vec3 offset = vec3(o);
        float t = xy_weights[min(uint(corner & 3), 3u)];
        float w = t * (o.z == 1 ? f.z : 1.0 - f.z);
        uint hash3_1 = hash3(cell + o);
        float gradient3_1 = gradient3(hash3_1, d - offset);
        float result_2 = result + w * gradient3_1;
        bool next_v = v != 0u;
        corner = corner + 1;
        v = v - 1u;
        v_1 = next_v;
        result = result_2;
    }
    return result_1;
}

uint hash2(ivec2 p) {
    uvec2 v = uvec2(p) * uvec2(1664525u) + uvec2(1013904223u);
    uvec2 v_1 = v;
    v_1.x = v.x + v.y * 1664525u;
    uvec2 v_2 = v_1;
    v_2.y = v_1.y + v_1.x * 1664525u;
    uvec2 v_3 = v_2 ^ (v_2 >> uvec2(16u));
    uvec2 v_4 = v_3;
    v_4.x = v_3.x + v_3.y * 1664525u;
    uvec2 v_5 = v_4;
    v_5.y = v_4.y + v_4.x * 1664525u;
    uvec2 v_6 = v_5 ^ (v_5 >> uvec2(16u));
    return v_6.x ^ v_6.y;
}

float unit_float(uint h) {
    return float(h >> 8u) * 5.9604645e-8;
}

vec2 fade2(vec2 t) {
    return t * t * t * (t * (t * 6.0 - vec2(15.0)) + vec2(10.0));
}

float value_noise(vec2 p) {
    ivec2 cell = ivec2(floor(p));
    vec2 f = fade2(fract(p));
    uint hash2_1 = hash2(cell);
    float a = unit_float(hash2_1);
    uint hash2_2 = hash2(cell + ivec2(1, 0));
    float b = unit_float(hash2_2);
    uint hash2_3 = hash2(cell + ivec2(0, 1));
    float c = unit_float(hash2_3);
    uint hash2_4 = hash2(cell + ivec2(1));
    float d = unit_float(hash2_4);
    return mix(mix(a, b, f.x), mix(c, d, f.x), f.y) * 2.0 - 1.0;
}

float fbm_value(vec2 p, int octaves) {
    int i = 1;
    uint v = uint(octaves) - 1u;
    bool v_1 = 1 <= octaves;
    uint v_2 = 0u;
    float sum = 0.0;
    float amplitude = 0.5;
    float frequency = 1.0;
    float norm = 0.0;
    float sum_1;
    float norm_1;
    while (true) {
        if (!(v_2 < 12u)) {
            sum_1 = sum;
            norm_1 = norm;
            break;
        }
        if (!v_1) {
            sum_1 = sum;
            norm_1 = norm;
            break;
        }
        float value_noise_1 = value_noise(p * frequency + vec2(float(i) * 17.0));
        float sum_2 = sum + amplitude * value_noise_1;
        float norm_2 = norm + amplitude;
        float amplitude_1 = amplitude * noise.gain;
        float frequency_1 = frequency * noise.lacunarity;
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        sum = sum_2;
        amplitude = amplitude_1;
        frequency = frequency_1;
        norm = norm_2;
    }
    return sum_1 / max(norm_1, 1e-6);
}

float gradient2(uint h, vec2 d) {
    uint g = h & 7u;
    float u = g < 4u ? d.x : d.y;
    float v = g < 4u ? d.y : d.x;
    float su = (g & 1u) != 0u ? -u : u;
    float sv = (g & 2u) != 0u ? -2.0 * v : 2.0 * v;
    return su + sv;
}

float perlin2(vec2 p) {
    ivec2 cell = ivec2(floor(p));
    vec2 d = fract(p);
    vec2 f = fade2(d);
    uint hash2_1 = hash2(cell);
    float n00 = gradient2(hash2_1, d);
    uint hash2_2 = hash2(cell + ivec2(1, 0));
    float n10 = gradient2(hash2_2, d - vec2(1.0, 0.0));
    uint hash2_3 = hash2(cell + ivec2(0, 1));
    float n01 = gradient2(hash2_3, d - vec2(0.0, 1.0));
    uint hash2_4 = hash2(cell + ivec2(1));
    float n11 = gradient2(hash2_4, d - vec2(1.0));
    return mix(mix(n00, n10, f.x), mix(n01, n11, f.x), f.y) * 0.5;
}

float fbm_perlin(vec2 p, int octaves) {
    uint v = uint(octaves) - 1u;
    bool v_1 = 1 <= octaves;
    uint v_2 = 0u;
    float sum = 0.0;
    float amplitude = 0.5;
    vec2 q = p;
    float sum_1;
    while (true) {
        if (!(v_2 < 12u)) {
            sum_1 = sum;
            break;
        }
        if (!v_1) {
            sum_1 = sum;
            break;
        }
        float perlin2_1 = perlin2(q);
        float sum_2 = sum + amplitude * perlin2_1;
        vec2 q_1 = mat2(vec2(0.8, 0.6), vec2(-0.6, 0.8)) * q * noise.lacunarity;
        float amplitude_1 = amplitude * noise.gain;
        bool next_v = v != 0u;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        sum = sum_2;
        amplitude = amplitude_1;
        q = q_1;
    }
    return sum_1;
}

float ridged(vec2 p, int octaves) {
    uint v = uint(octaves) - 1u;
    bool v_1 = 1 <= octaves;
    uint v_2 = 0u;
    float sum = 0.0;
    float amplitude = 0.5;
    float frequency = 1.0;
    float previous = 1.0;
    float sum_1;
    while (true) {
        if (!(v_2 < 12u)) {
            sum_1 = sum;
            break;
        }
        if (!v_1) {
            sum_1 = sum;
            break;
        }
        float perlin2_1 = perlin2(p * frequency);
        float n = 1.0 - abs(perlin2_1);
        float n_1 = n * n;
        float sum_2 = sum + n_1 * amplitude * previous;
        float frequency_1 = frequency * noise.lacunarity;
        float amplitude_1 = amplitude * noise.gain;
        bool next_v = v != 0u;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        sum = sum_2;
        amplitude = amplitude_1;
        frequency = frequency_1;
        previous = n_1;
    }
    return sum_1;
}

float domain_warped(vec2 p, int octaves) {
    float fbm_perlin_1 = fbm_perlin(p, octaves);
    float fbm_perlin_2 = fbm_perlin(p + vec2(5.2, 1.3), octaves);
    vec2 q = vec2(fbm_perlin_1, fbm_perlin_2);
    float fbm_perlin_3 = fbm_perlin(p + q * 4.0 + vec2(1.7, 9.2) + vec2(0.15 * noise.time), octaves);
    float fbm_perlin_4 = fbm_perlin(p + q * 4.0 + vec2(8.3, 2.8) + vec2(0.126 * noise.time), octaves);
    vec2 r = vec2(fbm_perlin_3, fbm_perlin_4);
    float fbm_perlin_5 = fbm_perlin(p + r * 4.0, octaves);
    return fbm_perlin_5;
}

float evaluate(vec2 p) {
    int octaves = clamp(noise.octaves, 1, 12);
    if (noise.mode == 0) {
        float fbm_value_1 = fbm_value(p, octaves);
        return fbm_value_1;
    } else if (noise.mode == 1) {
        float fbm_perlin_1 = fbm_perlin(p, octaves);
        return fbm_perlin_1;
    } else if (noise.mode == 2) {
        float ridged_1 = ridged(p, octaves);
        return ridged_1;
    } else if (noise.mode == 3) {
        float domain_warped_1 = domain_warped(p, octaves);
        return domain_warped_1;
    }
    float perlin3_1 = perlin3(vec3(p, noise.time));
    return perlin3_1;
}

void main() {
    if (gl_GlobalInvocationID.x >= noise.width || gl_GlobalInvocationID.y >= noise.height) {
        return;
    }
    vec2 p = noise.origin + vec2(gl_GlobalInvocationID.xy) * noise.scale;
    float evaluate_1 = evaluate(p);
    image[min(gl_GlobalInvocationID.y * noise.width + gl_GlobalInvocationID.x, uint(image.length()) - 1u)] = evaluate_1;
}
