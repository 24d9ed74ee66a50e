#version 450
layout(local_size_x = 12) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { vec4 normals[]; };
layout(set = 0, binding = 1, std430) buffer B1 { uint words[]; };
layout(set = 0, binding = 2, std430) buffer B2 { vec4 decoded[]; };
vec2 sign_not_zero(vec2 v) { return vec2(v.x >= 0.0 ? 1.0 : -1.0, v.y >= 0.0 ? 1.0 : -1.0); }
vec2 oct_encode(vec3 n) {
    vec2 p = n.xy * (1.0 / (abs(n.x) + abs(n.y) + abs(n.z)));
    return n.z <= 0.0 ? (1.0 - abs(p.yx)) * sign_not_zero(p) : p;
}
vec3 oct_decode(vec2 e) {
    vec3 v = vec3(e, 1.0 - abs(e.x) - abs(e.y));
    if (v.z < 0.0) v.xy = (1.0 - abs(v.yx)) * sign_not_zero(v.xy);
    return normalize(v);
}
void main() {
    uint i = gl_LocalInvocationIndex;
    vec3 n = normalize(normals[i].xyz);
    uint w = packSnorm2x16(oct_encode(n));
    words[i] = w;
    vec3 d = oct_decode(unpackSnorm2x16(w));
    decoded[i] = vec4(d, dot(d, n));
}
