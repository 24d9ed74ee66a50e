#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int keys[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float o[]; };
void main() {
    int i = int(gl_GlobalInvocationID.x);
    int k = keys[i];
    float a = 0.5, b = 1.5, c = -2.0;
    vec2 v = vec2(1.0, 2.0);
    if (k == 0) { a = 10.0; }
    else if (k == 1) { b = 20.0; c = 21.0; }
    else if (k == 2) { }
    else if (k == 3) { v.y = 7.0; a += 1.0; }
    else { c = float(k); }
    float color = (k % 3 == 0) ? 1.0 : ((k % 3 == 1) ? 2.0 : 3.0);
    float acc = float(k);
    for (int j = 0; j <= 3; j++) { if (keys[j + i % 4] > k) acc += 1.0; }
    float w = (k > 5) ? a * 2.0 : a;
    float p = 1.0; int q = 2;
    if (k > 10) { p = float(k); q = k + 1; }
    o[8 * i] = a; o[8 * i + 1] = b; o[8 * i + 2] = c; o[8 * i + 3] = v.x + v.y * 10.0;
    o[8 * i + 4] = color; o[8 * i + 5] = acc; o[8 * i + 6] = w; o[8 * i + 7] = p + float(q) * 100.0;
}
