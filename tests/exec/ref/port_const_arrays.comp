#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, std140) uniform U0 { vec4 kernel_[4]; mat4 xf; } params;
layout(set = 0, binding = 1, std430) buffer B1 { float outb[64]; };
layout(set = 0, binding = 2, std430) buffer B2 { ivec4 outi[16]; };
const vec2 POISSON[8] = vec2[8](
    vec2(-0.94201624, -0.39906216), vec2(0.94558609, -0.76890725),
    vec2(-0.094184101, -0.92938870), vec2(0.34495938, 0.29387760),
    vec2(-0.91588581, 0.45771432), vec2(-0.81544232, -0.87912464),
    vec2(-0.38277543, 0.27676845), vec2(0.97484398, 0.75648379));
const uint BAYER[16] = uint[16](0u, 8u, 2u, 10u, 12u, 4u, 14u, 6u, 3u, 11u, 1u, 9u, 15u, 7u, 13u, 5u);
void main() {
    uint li = gl_LocalInvocationIndex;
    vec2 p = POISSON[li % 8u];
    float d = float(BAYER[(li * 5u) % 16u]) / 16.0;
    vec3 v = vec3(p, d) * mat3(params.xf);
    mat2 m2 = mat2(1.0, 2.0, 3.0, 4.0) * mat2(0.5);
    float a[4] = float[4](float(li), float(li) * 2.0, float(li) * 3.0, float(li) * 4.0);
    a[li % 4u] += 1.0;
    float s = a[0] + a[1] + a[2] + a[3];
    outb[li] = v.x + v.y + v.z + s + m2[1][0] + 2.0 + 4.0;
    ivec4 iv = ivec4(int(li) - 4, -7, 9, int(li));
    // truncated remainder spelled out (GLSL's % on negatives is undefined)
    ivec4 rem = iv - ivec4(3) * (iv / ivec4(3));
    outi[li] = rem + (iv >> ivec4(1)) + (~iv & ivec4(0xF));
    uvec3 u = uvec3(li, 0xFFFFFFFFu, 12345u) >> uvec3(1u, 31u, 3u);
    outb[8u + li] = float(u.x + u.y + u.z);
    outb[16u + li] = ((li % 2u) == 0u ? 10.0 : 1.0) + float(li);
}
