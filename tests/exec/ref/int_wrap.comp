#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int inputs[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { uint uinputs[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int results[]; };
layout(set = 0, binding = 3, std430) buffer B3 { uint uresults[]; };
void main() {
    int mx = inputs[0], mn = inputs[1];
    results[0] = mx + 1; results[1] = mn - 1;
    results[2] = inputs[2] * inputs[2]; results[3] = inputs[3] * inputs[3];
    results[4] = mx * 2; results[5] = -mn; results[6] = mn * -1;
    ivec2 v = ivec2(mx, mn) + ivec2(1, -1); results[7] = v.x; results[8] = v.y;
    int p = 1; for (int i = 1; i <= 25; i++) p *= inputs[4]; results[9] = p;
    int q = 1; for (int i = 1; i <= 40; i++) q = q * inputs[5] + mx; results[10] = q;
    ivec2 w = -ivec2(mn, mx); results[11] = w.x; results[12] = w.y;
    uresults[0] = uinputs[0] - 1u; uresults[1] = uinputs[1] + 1u;
    uresults[2] = uinputs[2] * uinputs[2]; uresults[3] = uinputs[1] * uinputs[1];
}
