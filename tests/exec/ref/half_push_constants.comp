#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 1) in;
layout(push_constant, std430) uniform Push {
    f16vec2 offset;
    float16_t k;
    uint flag;
    f16vec4 v;
    f16vec3 n;
    float16_t last;
} pc;
layout(set = 0, binding = 0, std430) buffer B0 { float r[]; };
void main() {
    f16vec2 a = pc.offset * pc.k;
    r[0] = float(a.x); r[1] = float(a.y);
    r[2] = float(pc.flag);
    f16vec4 b = pc.v.wzyx * pc.v;
    r[3] = float(b.x); r[4] = float(b.y); r[5] = float(b.z); r[6] = float(b.w);
    r[7] = float(length(pc.n));
    r[8] = float(pc.last);
}
