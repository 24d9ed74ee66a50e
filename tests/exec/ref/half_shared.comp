#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float x[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float r[]; };
shared f16vec3 tile[4];
shared float16_t scale[4];
void main() {
    uint i = gl_LocalInvocationIndex;
    float16_t a = float16_t(x[i]);
    float16_t b = float16_t(x[i + 4u]);
    tile[i] = f16vec3(a, b, a * b);
    scale[i] = b;
    barrier();
    uint j = (i + 1u) % 4u;
    f16vec3 s = tile[j] * scale[i];
    r[i * 3u] = float(s.x);
    r[i * 3u + 1u] = float(s.y);
    r[i * 3u + 2u] = float(s.z);
}
