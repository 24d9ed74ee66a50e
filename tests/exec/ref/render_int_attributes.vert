#version 450
layout(location = 0) in vec2 pos;
layout(location = 1) in float w;
layout(location = 2) in float n;
layout(location = 3) in ivec3 iv;
layout(location = 5) in uint u;
layout(location = 6) in int k;
layout(location = 0) noperspective out float np;
layout(location = 1) out float sm;
layout(location = 2) flat out ivec3 o_iv;
layout(location = 3) flat out uint o_u;
layout(location = 4) flat out int o_k;
void main() {
    gl_Position = vec4(pos * w, 0.0, w);
    np = n; sm = n; o_iv = iv; o_u = u; o_k = k;
}
