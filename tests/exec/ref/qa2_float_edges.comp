#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float fins[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { int iins[]; };
layout(set = 0, binding = 2, std430) readonly buffer B2 { uint uins[]; };
layout(set = 0, binding = 3, std430) buffer B3 { uint bits[]; };
layout(set = 0, binding = 4, std430) buffer B4 { int ints[]; };
layout(set = 0, binding = 5, std430) buffer B5 { float floats[]; };
void main() {
    float z = fins[0], nz = fins[1], h = fins[2], nh = fins[3];
    bool t = iins[4] == 1, f = iins[5] == 1;
    bits[0] = floatBitsToUint(-z); bits[1] = floatBitsToUint(-nz); bits[2] = floatBitsToUint(0.0 - nz);
    bits[3] = floatBitsToUint(-(-z)); bits[4] = floatBitsToUint(nz - 0.0); bits[5] = floatBitsToUint(nz * 1.0);
    bits[6] = floatBitsToUint(z * -1.0); bits[7] = floatBitsToUint(abs(nz));
    bits[8] = floatBitsToUint(vec2(nz).y); bits[9] = floatBitsToUint(-vec2(z, nz).x); bits[10] = floatBitsToUint(-vec2(z, nz).y);
    bits[11] = floatBitsToUint(-(z - z));
    bits[12] = t ? 0x80000000u : 0u; bits[13] = f ? 0x80000000u : 0u;
    bits[14] = 0u; bits[15] = 0x80000000u; bits[16] = floatBitsToUint(z); bits[17] = floatBitsToUint(nz);
    bits[18] = floatBitsToUint(t ? nz : z);
    bits[19] = t ? 0u : 0x80000000u; bits[20] = floatBitsToUint(-(h - h));
    bits[21] = (nz == z && !(nz < z) && nz >= z) ? 1u : 0u;
    ints[0] = int(fins[4]); ints[1] = int(fins[5]); ints[2] = int(uint(fins[6])); ints[3] = int(fins[7]);
    ints[4] = int(uint(fins[8])); ints[5] = int(nz); ints[6] = 2147483520; ints[7] = int(4294967040u); ints[8] = 0;
    floats[0] = float(iins[0]); floats[1] = float(iins[1]); floats[2] = float(iins[2]); floats[3] = float(iins[3]);
    floats[4] = float(uins[0]); floats[5] = float(uins[1]); floats[6] = float(uins[2]); floats[7] = float(uins[3]);
    floats[8] = 16777216.0; floats[9] = 2147483648.0; floats[10] = -16777220.0; floats[11] = 2147483648.0;
    floats[12] = 4294967296.0; floats[13] = 4294966784.0;
    floats[14] = float(iins[0]); floats[15] = float(iins[2]); floats[16] = float(uins[2]); floats[17] = float(uins[3]);
}
