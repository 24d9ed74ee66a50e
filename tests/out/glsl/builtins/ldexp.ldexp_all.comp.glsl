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
layout(set = 0, binding = 2, std430) readonly buffer es_block {
    ivec4 es[];
};
layout(set = 0, binding = 3, std430) buffer out_f_block {
    vec4 out_f[];
};
layout(set = 0, binding = 4, std430) buffer out_h_block {
    f16vec2 out_h[];
};

void main() {
    uint i = gl_GlobalInvocationID.x;
    vec4 x = xs[min(i, uint(xs.length()) - 1u)];
    ivec4 e = es[min(i, uint(es.length()) - 1u)];
    out_f[min(i, uint(out_f.length()) - 1u)] = ldexp(x, e);
    out_f[min(i + 1u, uint(out_f.length()) - 1u)] = vec4(ldexp(x.x, 3), ldexp(x.y, e.y), ldexp(x.zw, ivec2(-2, 200)));
    f16vec2 t = hs[min(i, uint(hs.length()) - 1u)];
    float16_t t_1 = hs[min(i, uint(hs.length()) - 1u)].x;
    float16_t k = 1.5hf;
    out_h[min(i, uint(out_h.length()) - 1u)] = ldexp(t, e.xy) + f16vec2(ldexp(t_1, 20), ldexp(k, 2));
}
