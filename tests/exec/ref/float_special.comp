#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float x[]; };
layout(set = 0, binding = 1, std430) buffer B1 { uint results[]; };
uint flags(bvec4 b) { uvec4 u = uvec4(b); return u.x | (u.y << 1u) | (u.z << 2u) | (u.w << 3u); }
void main() {
    for (int i = 0; i <= 6; i++) results[i] = uint(isnan(x[i])) + uint(isinf(x[i])) * 2u;
    vec4 v = vec4(x[0], x[1], x[3], x[6]);
    results[7] = flags(isnan(v)); results[8] = flags(isinf(v)); results[9] = uint(isinf(x[6] * 2.0));
}
