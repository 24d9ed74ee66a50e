#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float x[]; };
layout(set = 0, binding = 1, std430) buffer B1 { uint r[]; };
void main() {
    float n = x[0], z = x[1], nz = x[2], one = x[3];
    r[0] = uint(n != z); r[1] = uint(n == n); r[2] = uint(n != 0.0); r[3] = uint(n < one);
    r[4] = uint(!(n >= one));
    r[5] = uint(n != 0.0); r[6] = uint(nz != 0.0); r[7] = uint(nz != 0.0);
    r[8] = uint(vec2(n, one) != vec2(n, one)); r[9] = uint(vec2(n, one) == vec2(n, one));
    r[10] = uint(n != n); r[11] = uint(z == nz); r[12] = n > 0.0 ? 1u : 2u; r[13] = uint(z != nz);
    r[14] = uint(any(notEqual(vec2(n), vec2(0.0))));
    bvec3 ne = notEqual(vec3(n, one, z), vec3(one, one, nz));
    r[15] = uint(ne.x) + uint(ne.y) * 2u + uint(ne.z) * 4u;
    r[16] = n != one ? 1u : 0u;
}
