#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std140) uniform U { ivec4 va; ivec4 vb; uvec3 ua; uvec3 ub; } inputs;
layout(set = 0, binding = 1, std430) buffer B1 { ivec4 out_ivec[]; };
layout(set = 0, binding = 2, std430) buffer B2 { uint out_uint[]; };
int ldiv(int a, int b) { return b == 0 ? a : (a == -2147483647 - 1 && b == -1) ? a : a / b; }
int lrem(int a, int b) { return (b == 0 || (a == -2147483647 - 1 && b == -1)) ? 0 : a - (a / b) * b; }
ivec4 vdiv(ivec4 a, ivec4 b) { return ivec4(ldiv(a.x, b.x), ldiv(a.y, b.y), ldiv(a.z, b.z), ldiv(a.w, b.w)); }
ivec4 vrem(ivec4 a, ivec4 b) { return ivec4(lrem(a.x, b.x), lrem(a.y, b.y), lrem(a.z, b.z), lrem(a.w, b.w)); }
void put(int i, uvec3 v) { out_uint[3 * i] = v.x; out_uint[3 * i + 1] = v.y; out_uint[3 * i + 2] = v.z; }
uvec3 udiv(uvec3 a, uvec3 b) { return uvec3(b.x == 0u ? a.x : a.x / b.x, b.y == 0u ? a.y : a.y / b.y, b.z == 0u ? a.z : a.z / b.z); }
uvec3 urem(uvec3 a, uvec3 b) { return uvec3(b.x == 0u ? 0u : a.x % b.x, b.y == 0u ? 0u : a.y % b.y, b.z == 0u ? 0u : a.z % b.z); }
void main() {
    ivec4 va = inputs.va, vb = inputs.vb;
    out_ivec[0] = va + vb; out_ivec[1] = va - vb; out_ivec[2] = va * vb;
    out_ivec[3] = vdiv(va, vb); out_ivec[4] = vrem(va, vb);
    out_ivec[5] = va + 3; out_ivec[6] = 10 - va; out_ivec[7] = vdiv(ivec4(100), va);
    out_ivec[8] = va * 2 + vb * -1; out_ivec[9] = -va; out_ivec[10] = vrem(vb, ivec4(2));
    uvec3 ua = inputs.ua, ub = inputs.ub;
    put(0, ua + ub); put(1, udiv(ua, ub)); put(2, urem(ua, ub)); put(3, ua * 2u);
}
