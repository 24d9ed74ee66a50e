#version 450
// Reference for int_dot.luma: the integer dot products written out (GLSL's dot takes floats).
layout(local_size_x = 2) in;
layout(set = 0, binding = 0, std430) buffer I { ivec4 ints[]; };
layout(set = 0, binding = 1, std430) buffer U { uvec4 uints[]; };
layout(set = 0, binding = 2, std430) buffer O { int outv[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    ivec4 a = ints[i * 2u];
    ivec4 b = ints[i * 2u + 1u];
    uvec4 ua = uints[i * 2u];
    uvec4 ub = uints[i * 2u + 1u];
    outv[i * 4u] = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
    outv[i * 4u + 1u] = (a.x * b.z + a.y * b.w) + (a.x * 1 + a.y * 2 + a.z * 3);
    outv[i * 4u + 2u] = int(ua.x * ub.x + ua.y * ub.y + ua.z * ub.z + ua.w * ub.w);
    outv[i * 4u + 3u] = int(dot(vec2(a.yz), vec2(b.yz))) + (2147483647 * 2 + 3 * 5);
}
