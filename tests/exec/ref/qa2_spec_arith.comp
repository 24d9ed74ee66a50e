#version 450
layout(local_size_x = 1) in;
layout(constant_id = 0) const int A = 1;
layout(constant_id = 1) const int Z = 1;
layout(constant_id = 2) const int NEG = 1;
layout(constant_id = 3) const int SH = 0;
layout(constant_id = 4) const uint U = 1u;
layout(constant_id = 5) const float SF = 1.0;
layout(constant_id = 6) const bool FLAG = true;
layout(constant_id = 7) const int SEVEN = 7;
layout(constant_id = 8) const int BASE = 3;
layout(set = 0, binding = 0, std430) buffer B0 { int o[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float fout[]; };
int div_(int a, int b) { return b == 0 ? a : (a == -2147483648 && b == -1) ? a : a / b; }
int rem_(int a, int b) { return b == 0 ? 0 : (a == -2147483648 && b == -1) ? 0 : a - (a / b) * b; }
void main() {
    int a = A, z = Z, neg = NEG, sh = SH & 31;
    o[0] = div_(a, z); o[1] = rem_(a, z); o[2] = div_(a, neg); o[3] = rem_(a, neg);
    o[4] = -a; o[5] = SEVEN << sh; o[6] = a >> sh; o[7] = int(U >> uint(sh));
    o[8] = int(SF); o[9] = a - 1; o[10] = a * neg; o[11] = div_(17, z) + rem_(17, z);
    o[12] = int(U * 2u);
    int twice = BASE * 2;
    o[13] = twice; o[14] = twice + SEVEN; o[15] = FLAG ? 0 : 1; o[16] = BASE - SEVEN;
    int n = 0; for (int i = 1; i <= twice; i += BASE) n += i; o[17] = n;
    o[18] = (FLAG || BASE > SEVEN) ? 1 : 0;
    o[19] = div_(SEVEN, z);
    o[20] = a << sh; o[21] = BASE << sh; o[22] = div_(a, neg); o[23] = div_(BASE, z);
    float sf = SF;
    fout[0] = sf - 1.0 * trunc(sf / 1.0); fout[1] = sf * float(BASE); fout[2] = -sf;
}
