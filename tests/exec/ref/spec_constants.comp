#version 450
layout(local_size_x = 1) in;
layout(constant_id = 0) const int COUNT = 4;
layout(constant_id = 1) const float SCALE = 1.0;
layout(constant_id = 2) const bool ENABLED = false;
layout(constant_id = 3) const uint UNTOUCHED = 7u;
layout(constant_id = 5) const int OFFSET = -1;
layout(set = 0, binding = 0, std430) buffer B0 { int o[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float fout[]; };
void main() {
    o[0] = COUNT; o[1] = OFFSET; o[2] = int(UNTOUCHED); o[3] = ENABLED ? 1 : 0;
    int sum = 0; for (int i = 1; i <= COUNT; i++) sum += i; o[4] = sum;
    o[5] = COUNT * 10 + OFFSET;
    fout[0] = SCALE; fout[1] = SCALE * float(COUNT);
}
