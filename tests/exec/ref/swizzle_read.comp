#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { vec4 v[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { ivec4 iv[]; };
layout(set = 0, binding = 2, std430) buffer B2 { vec4 o[]; };
layout(set = 0, binding = 3, std430) buffer B3 { ivec4 iout[]; };
void main() {
    vec4 a = v[0];
    o[0] = vec4(a.xyz, 0.0); o[1] = a.wzyx; o[2] = a.rgba + a.stpq; o[3] = a.xxyy;
    o[4] = vec4(a.zw, a.y, a.w); o[5] = vec4(a.xyz.zyx, a.wzyx.x); o[6] = (a + vec4(10.0)).yxwz;
    o[7] = vec4(v[0].wy, v[0].gr); o[8] = vec4(a.b, a.q, a.a, a.p);
    ivec4 i = iv[0];
    iout[0] = i.wwxx; iout[1] = ivec4(i.yz, i.zy) - ivec4(i.x);
}
