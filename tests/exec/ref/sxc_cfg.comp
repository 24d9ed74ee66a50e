#version 450
// SPIRV-Cross cfg.comp shape, written as plain GLSL
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, std430) buffer B0 { float data[8]; };
layout(set = 0, binding = 1, std430) buffer B1 { vec4 outv[8]; };
vec4 test(float d) {
    float x = d;
    if (x != 0.0) { float tmp = x * 10.0; x = tmp; } else { float tmp = 15.0; x = tmp; }
    float e = -1.0;
    if (x != 0.0) { if (x != 50.0) { if (x != 60.0) e = 10.0; } else e = 20.0; }
    switch (int(x)) { case 15: { float tmp = 20.0; x = tmp; break; } case 10: { float tmp = 30.0; x = tmp; break; } }
    float f = 0.0;
    switch (int(x)) { case 20: f = 30.0; break; case 30: f = 40.0; break; }
    float h = x;
    int i;
    for (i = 0; i < 20; i++, h += 10.0) { if (h > 200.0) break; }
    float m = h;
    do { m -= 7.0; } while (m >= 20.0);
    return vec4(x + f, e, h + float(i), m);
}
void main() { uint li = gl_LocalInvocationIndex; outv[li] = test(data[li]); }
