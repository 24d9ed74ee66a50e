#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) readonly buffer ints_block {
    ivec3 ints[];
};
layout(set = 0, binding = 1, std430) readonly buffer uints_block {
    uvec2 uints[];
};
layout(set = 0, binding = 2, std430) buffer out_int_block {
    ivec4 out_int[];
};
layout(set = 0, binding = 3, std430) buffer out_uint_block {
    uvec4 out_uint[];
};

void main() {
    uint i = gl_GlobalInvocationID.x;
    ivec3 v = ints[min(i, uint(ints.length()) - 1u)];
    uvec2 u = uints[min(i, uint(uints.length()) - 1u)];
    out_int[min(i, uint(out_int.length()) - 1u)] = ivec4(ivec3(uvec3(31 - findMSB(uvec3(v)))), int(min(uint(findLSB(uint(v.x))), 32u)));
    out_int[min(i + 1u, uint(out_int.length()) - 1u)] = ivec4(ivec3(min(uvec3(findLSB(uvec3(v))), 32u)), 0);
    out_uint[min(i, uint(out_uint.length()) - 1u)] = uvec4(uvec2(31 - findMSB(u)), min(uvec2(findLSB(u)), 32u));
    out_uint[min(i + 1u, uint(out_uint.length()) - 1u)] = uvec4(uint(31 - findMSB(u.x)), min(uint(findLSB(u.y)), 32u), 32u, 31u);
}
