#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer B0 { int counter[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { int flags[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int o[]; };
bool touch(bool v) { counter[0] += 1; return v; }
int arm(int v) { counter[1] += v; return v; }
void main() {
    bool t = flags[0] == 1, f = flags[1] == 1;
    int r = 0;
    if (touch(t) || touch(f)) r += 1;
    if (touch(f) && touch(t)) r += 10;
    if (touch(t) && touch(f)) r += 100;
    if (touch(f) || touch(t)) r += 1000;
    o[0] = r; o[1] = counter[0];
    int a; if (t) a = arm(1); else a = arm(100);
    int b; if (f) b = arm(1000); else b = arm(10000);
    o[2] = a + b;
    o[3] = int((t && !f) || (f && !t));
}
