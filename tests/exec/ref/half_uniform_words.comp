#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std140) uniform U {
    f16vec3 tint;
    float16_t gain;
    f16vec2 scale;
    float16_t bias;
    uint count;
    float16_t weights[3];
    f16mat2 m;
} u;
layout(set = 0, binding = 1, std430) buffer B1 { float r[]; };
void main() {
    f16vec3 t = u.tint * u.gain;
    r[0] = float(t.x); r[1] = float(t.y); r[2] = float(t.z);
    r[3] = float(u.scale.x + u.scale.y * u.bias);
    r[4] = float(u.count);
    r[5] = float(u.weights[0]); r[6] = float(u.weights[1]); r[7] = float(u.weights[2]);
    f16vec2 c = u.m[0];
    r[8] = float(c.x); r[9] = float(c.y);
    r[10] = float(u.m[1].y); r[11] = float(u.m[u.count - 2u].x);
    r[12] = float(u.weights[u.count - 1u]);
    r[13] = float(u.m[1].x);
}
