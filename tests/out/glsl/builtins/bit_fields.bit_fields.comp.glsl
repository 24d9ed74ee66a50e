#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) readonly buffer ints_block {
    int ints[];
};
layout(set = 0, binding = 1, std430) readonly buffer uints_block {
    uint uints[];
};
layout(set = 0, binding = 2, std430) readonly buffer fields_block {
    uint fields[];
};
layout(set = 0, binding = 3, std430) buffer out_int_block {
    ivec3 out_int[];
};
layout(set = 0, binding = 4, std430) buffer out_uint_block {
    uvec4 out_uint[];
};

void main() {
    uint i = gl_GlobalInvocationID.x;
    int v = ints[min(i, uint(ints.length()) - 1u)];
    uint u = uints[min(i, uint(uints.length()) - 1u)];
    uint o = fields[min(2u * i, uint(fields.length()) - 1u)];
    uint c = fields[min(2u * i + 1u, uint(fields.length()) - 1u)];
    out_int[min(i, uint(out_int.length()) - 1u)] = ivec3(bitfieldExtract(v, 4, 8), bitfieldExtract(v, 30, 2), bitfieldExtract(v, int(min(o, 32u)), int(min(c, 32u - min(o, 32u)))));
    uint t = uints[min(i + 1u, uint(uints.length()) - 1u)];
    out_uint[min(i, uint(out_uint.length()) - 1u)] = uvec4(bitfieldExtract(u, 0, 32), bitfieldInsert(u, 255u, 28, 4), bitfieldInsert(u, t, int(min(o, 32u)), int(min(c, 32u - min(o, 32u)))), bitfieldExtract(uvec2(u, ~u), int(min(o, 32u)), int(min(c, 32u - min(o, 32u)))).y);
    ivec2 w = bitfieldInsert(ivec2(v, -v), ivec2(-1), int(min(o, 32u)), int(min(3u, 32u - min(o, 32u))));
    out_int[min(i + 16u, uint(out_int.length()) - 1u)] = ivec3(w, bitfieldInsert(v, 5, 32, 0));
}
