#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float floats[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { int ints[]; };
layout(set = 0, binding = 2, std430) readonly buffer B2 { uint uints[]; };
layout(set = 0, binding = 3, std430) buffer B3 { int out_int[]; };
layout(set = 0, binding = 4, std430) buffer B4 { uint out_uint[]; };
layout(set = 0, binding = 5, std430) buffer B5 { float out_float[]; };
void main() {
    out_int[0] = int(floats[0]); out_int[1] = int(floats[1]); out_int[2] = int(floats[2]);
    out_int[3] = int(uints[1]); out_int[4] = floatBitsToInt(floats[4]);
    out_int[5] = int(floats[0] > 0.0); out_int[6] = int(floats[1] > 0.0); out_int[7] = int(bool(ints[2]));
    ivec2 iv = ivec2(vec2(floats[1], floats[3])); out_int[8] = iv.x; out_int[9] = iv.y;
    ivec2 bits = floatBitsToInt(vec2(floats[4], floats[5])); out_int[10] = bits.x; out_int[11] = bits.y;
    out_uint[0] = uint(floats[3]); out_uint[1] = uint(ints[0]); out_uint[2] = floatBitsToUint(floats[5]);
    out_uint[3] = uint(ints[1]); out_uint[4] = uint(floats[0]);
    uvec2 uv = uvec2(ivec2(ints[1], ints[2])); out_uint[5] = uv.x; out_uint[6] = uv.y;
    out_uint[7] = uint(bool(uints[1])) + uint(bool(uints[2] - 7u)) * 2u;
    out_float[0] = float(ints[0]); out_float[1] = float(uints[0]); out_float[2] = float(uints[2]);
    out_float[3] = uintBitsToFloat(uints[3]); out_float[4] = float(floats[2] < 0.0);
    vec3 fv = vec3(ivec3(ints[0], ints[1], ints[2])); out_float[5] = fv.x; out_float[6] = fv.y; out_float[7] = fv.z;
    vec2 fb = vec2(bvec2(ints[2] > 0, ints[2] < 0)); out_float[8] = fb.x; out_float[9] = fb.y;
    vec2 fr = intBitsToFloat(ivec2(0x3F800000, 0x40000000)); out_float[10] = fr.x + fr.y * 10.0;
}
