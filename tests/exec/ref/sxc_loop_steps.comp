#version 450
layout(local_size_x = 4) in;
struct Params { vec4 accum; int va; int vb; };
layout(set = 0, binding = 0, std430) readonly buffer B0 { Params params[]; };
layout(set = 0, binding = 1, std430) buffer B1 { vec4 results[]; };
void main() {
    uint li = gl_LocalInvocationIndex;
    Params p = params[li];
    vec4 color = vec4(0.0);
    for (int i = 0; i < 3; (0 > 1) ? 1 : i++) { int a = i; color[a] += float(i); }
    vec4 result = vec4(0.0);
    uint j;
    for (int i = 0; i < 4; i += int(j) - 2) {
        if (p.accum.y > 10.0) j = 4u; else j = 3u;
        result += p.accum;
    }
    vec4 count = vec4(0.0);
    int k = 0;
    int n;
    int jj;
    for (n = 0; n < p.va; n += jj) {
        if ((p.va + n) == 20) k = 50;
        else if ((p.vb + n) == 40) k = 60;
        jj = k + 10;
        count += 1.0;
    }
    float v;
    float w = 0.0;
    bool written = false;
    for (int a = 0; a < 10; a++)
        for (int b = 0; b < 4; b++) {
            if (written) w += v; else v = 20.0;
            v += float(b);
            written = true;
        }
    results[li * 4u] = color;
    results[li * 4u + 1u] = result;
    results[li * 4u + 2u] = vec4(count.x, float(k), float(n), 0.0);
    results[li * 4u + 3u] = vec4(v, w, 0.0, 0.0);
}
