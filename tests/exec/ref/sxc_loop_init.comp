#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, std430) readonly buffer I { vec4 inputs[]; };
layout(set = 0, binding = 1, std430) writeonly buffer R { int results[]; };
layout(set = 0, binding = 2, std430) writeonly buffer C { vec4 colors[]; };
int loop_init(int n) {
    int FragColor = 16;
    for (int i = 0; i < 25; i++) FragColor += 10;
    int jj;
    int i, j;
    for (i = 1, j = 4; i < 30; i++, j += 4) FragColor += 11;
    jj = j;
    int k = 0;
    for (; k < n; k++) FragColor += 12;
    k += 3;
    FragColor += k;
    int l;
    if (k == 40) {
        for (l = 0; l < 40; l++) FragColor += 13;
        return FragColor + (l - 1) * 1000;
    } else {
        l = k;
        FragColor += l;
    }
    for (ivec2 v = ivec2(0); v.x < 10; v.x += 4) FragColor += v.y;
    int m = 0;
    m = k;
    int o = m;
    for (; m < 40; m++) FragColor += m;
    FragColor += o;
    return FragColor + jj * 10000;
}
vec4 dominator(vec4 f4) {
    int c = int(f4.x);
    for (int j = 0; j < c; j++) {
        switch (c) {
            case 0: f4.y = 0.0; break;
            case 1: f4.y = 1.0; break;
            default: {
                int i = 0;
                while (i++ < c) { f4.y += 0.5; }
                continue;
            }
        }
        f4.y += 0.5;
    }
    return f4;
}
void main() {
    uint li = gl_LocalInvocationIndex;
    vec4 f4 = inputs[li];
    results[li] = loop_init(int(f4.z));
    colors[li] = dominator(f4);
}
