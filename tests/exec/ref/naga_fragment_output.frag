#version 450
layout(location = 0) out vec4 o0;
layout(location = 1) out ivec4 o1;
layout(location = 2) out uvec4 o2;
layout(location = 3) out float o3;
layout(location = 4) out int o4;
layout(location = 5) out uint o5;
layout(location = 7) out vec4 o7;
void main() {
    vec4 p = gl_FragCoord;
    int x = int(p.x), y = int(p.y);
    o0 = vec4(p.xy, 0.25, -1.5);
    o1 = ivec4(x, -y, x - 10 * y, int(0x80000000) + x);
    o2 = uvec4(uint(x), uint(y), 0xFFFFFFFFu - uint(x + y), 7u);
    o3 = p.x * p.y;
    o4 = -100 * x - y;
    o5 = uint(x * 2 + y) + 0x80000000u;
    o7 = vec4(float(x), float(y), 0.5, 1.0);
}
