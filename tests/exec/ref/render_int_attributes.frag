#version 450
layout(location = 0) noperspective in float np;
layout(location = 1) in float sm;
layout(location = 2) flat in ivec3 iv;
layout(location = 3) flat in uint u;
layout(location = 4) flat in int k;
layout(location = 0) out int a;
layout(location = 1) out uvec4 b;
layout(location = 2) out float c;
layout(location = 3) out float d;
void main() {
    a = iv.x * 100 + iv.y * 10 + iv.z + k * 1000;
    b = uvec4(uint(iv.x + 10), uint(iv.y), uint(iv.z + 10), u);
    c = np;
    d = sm;
}
