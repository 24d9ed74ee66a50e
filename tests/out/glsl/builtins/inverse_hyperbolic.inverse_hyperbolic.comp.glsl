#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) readonly buffer xs_block {
    vec4 xs[];
};
layout(set = 0, binding = 1, std430) readonly buffer hs_block {
    f16vec2 hs[];
};
layout(set = 0, binding = 2, std430) buffer out_f_block {
    vec4 out_f[];
};
layout(set = 0, binding = 3, std430) buffer out_h_block {
    f16vec2 out_h[];
};

void main() {
    uint i = gl_GlobalInvocationID.x;
    vec4 x = xs[min(i, uint(xs.length()) - 1u)];
    out_f[min(i, uint(out_f.length()) - 1u)] = vec4(asinh(x.xy), acosh(x.z + 1.0), atanh(x.w * 0.5));
    vec4 t = asinh(x) + acosh(abs(x) + vec4(1.0)) + atanh(x * 0.25);
    out_f[min(i + 1u, uint(out_f.length()) - 1u)] = t.zwxy + vec4(asinh(2.0), acosh(2.0), atanh(0.5), 0.0);
    f16vec2 t_1 = hs[min(i, uint(hs.length()) - 1u)];
    f16vec2 t_2 = hs[min(i, uint(hs.length()) - 1u)];
    float16_t t_3 = hs[min(i, uint(hs.length()) - 1u)].x;
    out_h[min(i, uint(out_h.length()) - 1u)] = asinh(t_1) + acosh(t_2 + f16vec2(1.0hf)) + f16vec2(atanh(t_3 * 0.5hf));
}
