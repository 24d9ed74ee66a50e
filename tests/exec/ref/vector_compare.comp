#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { vec4 fv[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { ivec4 iv[]; };
layout(set = 0, binding = 2, std430) buffer B2 { uint results[]; };
layout(set = 0, binding = 3, std430) buffer B3 { vec4 selected[]; };
uint bits(bvec4 b) { uvec4 u = uvec4(b); return u.x | (u.y << 1u) | (u.z << 2u) | (u.w << 3u); }
void main() {
    vec4 a = fv[0], b = fv[1], c = fv[2];
    results[0] = uint(a == b); results[1] = uint(a == c); results[2] = uint(a != c); results[3] = uint(a != b);
    results[4] = bits(equal(a, c)); results[5] = bits(notEqual(a, c)); results[6] = bits(lessThan(a, c));
    results[7] = bits(lessThanEqual(a, c)); results[8] = bits(greaterThan(a, c)); results[9] = bits(greaterThanEqual(a, c));
    results[10] = uint(any(lessThan(a, c))) + uint(all(lessThanEqual(a, b))) * 2u + uint(all(lessThan(a, c))) * 4u;
    ivec4 i = iv[0], j = iv[2];
    results[11] = uint(i == iv[1]) + uint(i != j) * 2u;
    results[12] = bits(lessThan(i, j)) | (bits(equal(equal(i, j), bvec4(false, true, true, true))) << 4u);
    results[13] = uint(!(a == c) && (i == iv[1] || a.x > 100.0));
    selected[0] = (a == b) ? c : a;
    selected[1] = any(greaterThan(c, a)) ? vec4(1.0) : vec4(0.0);
}
