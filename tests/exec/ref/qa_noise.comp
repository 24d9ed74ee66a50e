#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { vec4 points[]; };
layout(set = 0, binding = 1, std430) buffer B1 { vec4 values[]; };
uint hash2(ivec2 p) {
    uvec2 v = uvec2(p) * 1664525u + 1013904223u;
    v.x += v.y * 1664525u; v.y += v.x * 1664525u; v ^= v >> 16u;
    v.x += v.y * 1664525u; v.y += v.x * 1664525u; v ^= v >> 16u;
    return v.x ^ v.y;
}
uint hash3(ivec3 p) {
    uvec3 v = uvec3(p) * 1664525u + 1013904223u;
    v.x += v.y * v.z; v.y += v.z * v.x; v.z += v.x * v.y; v ^= v >> 16u;
    v.x += v.y * v.z; v.y += v.z * v.x; v.z += v.x * v.y;
    return v.x ^ v.y ^ v.z;
}
float unit_float(uint h) { return float(h >> 8) * (1.0 / 16777216.0); }
vec2 fade2(vec2 t) { return t * t * t * (t * (t * 6.0 - 15.0) + 10.0); }
vec3 fade3(vec3 t) { return t * t * t * (t * (t * 6.0 - 15.0) + 10.0); }
float value_noise(vec2 p) {
    ivec2 c = ivec2(floor(p)); vec2 f = fade2(fract(p));
    float a = unit_float(hash2(c)), b = unit_float(hash2(c + ivec2(1, 0)));
    float d0 = unit_float(hash2(c + ivec2(0, 1))), d1 = unit_float(hash2(c + ivec2(1, 1)));
    return mix(mix(a, b, f.x), mix(d0, d1, f.x), f.y) * 2.0 - 1.0;
}
float gradient2(uint h, vec2 d) {
    uint g = h & 7u;
    float u = g < 4u ? d.x : d.y, v = g < 4u ? d.y : d.x;
    return ((g & 1u) != 0u ? -u : u) + ((g & 2u) != 0u ? -2.0 * v : 2.0 * v);
}
float gradient3(uint h, vec3 d) {
    uint g = h & 15u;
    float u = g < 8u ? d.x : d.y;
    float v = g < 4u ? d.y : ((g == 12u || g == 14u) ? d.x : d.z);
    return ((g & 1u) == 0u ? u : -u) + ((g & 2u) == 0u ? v : -v);
}
float perlin2(vec2 p) {
    ivec2 c = ivec2(floor(p)); vec2 d = fract(p); vec2 f = fade2(d);
    float n00 = gradient2(hash2(c), d);
    float n10 = gradient2(hash2(c + ivec2(1, 0)), d - vec2(1.0, 0.0));
    float n01 = gradient2(hash2(c + ivec2(0, 1)), d - vec2(0.0, 1.0));
    float n11 = gradient2(hash2(c + ivec2(1, 1)), d - vec2(1.0, 1.0));
    return mix(mix(n00, n10, f.x), mix(n01, n11, f.x), f.y) * 0.5;
}
float perlin3(vec3 p) {
    ivec3 c = ivec3(floor(p)); vec3 d = fract(p); vec3 f = fade3(d);
    float w4[4] = float[4]((1.0 - f.x) * (1.0 - f.y), f.x * (1.0 - f.y), (1.0 - f.x) * f.y, f.x * f.y);
    float r = 0.0;
    for (int k = 0; k < 8; k++) {
        ivec3 o = ivec3(k & 1, (k >> 1) & 1, k >> 2);
        float w = w4[k & 3] * (o.z == 1 ? f.z : 1.0 - f.z);
        r += w * gradient3(hash3(c + o), d - vec3(o));
    }
    return r;
}
float fbm(vec2 p) {
    float s = 0.0, a = 0.5; vec2 q = p;
    for (int i = 0; i < 4; i++) {
        s += a * perlin2(q);
        q = mat2(vec2(0.8, 0.6), vec2(-0.6, 0.8)) * q * 2.0;
        a *= 0.5;
    }
    return s;
}
void main() {
    uint i = gl_LocalInvocationIndex;
    vec4 p = points[i];
    values[i] = vec4(value_noise(p.xy), perlin2(p.xy), perlin3(p.xyz), fbm(p.xy));
}
