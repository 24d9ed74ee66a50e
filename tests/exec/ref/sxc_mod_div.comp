#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { vec4 in_data[]; };
layout(set = 0, binding = 1, std430) buffer B1 { vec4 out_data[]; };
layout(set = 0, binding = 2, std430) buffer B2 { uvec4 out_u[]; };
layout(set = 0, binding = 3, std430) buffer B3 { ivec4 out_i[]; };
void main() {
    uint ident = gl_GlobalInvocationID.x;
    vec4 a = in_data[ident];
    vec4 b = out_data[ident];
    out_data[ident] = mod(a, b);
    uvec4 vu = floatBitsToUint(a) % floatBitsToUint(b);
    // truncated remainder spelled out (GLSL leaves % of negative operands undefined)
    ivec4 ia = floatBitsToInt(a), ib = floatBitsToInt(b);
    ivec4 vi = ia - ib * (ia / ib);
    out_u[ident] = vu;
    out_u[ident + 4u] = floatBitsToUint(a) / 29u;
    out_i[ident] = vi;
    out_i[ident + 4u] = ivec4(bvec4(ia & 0x3));
}
