#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform inputs_block {
    vec4 f;
    ivec4 i;
    uvec4 u;
    int index;
    float threshold;
    float pad0;
    float pad1;
} inputs;
layout(set = 0, binding = 1, std430) buffer out_floats_block {
    vec4 out_floats[];
};
layout(set = 0, binding = 2, std430) buffer out_ints_block {
    ivec4 out_ints[];
};
layout(set = 0, binding = 3, std430) buffer out_uints_block {
    uvec4 out_uints[];
};

ivec4 from_ivec2(ivec2 v) {
    return ivec4(v.yx, v * ivec2(2));
}

void main() {
    vec4 from_int = vec4(inputs.i);
    ivec4 from_uint = ivec4(inputs.u);
    uvec4 from_float = uvec4(abs(inputs.f));
    bvec4 to_bool = bvec4(inputs.i);
    vec4 v = inputs.f;
    vec4 a = v + v.wzyx + v + v + v.xxxx + v.wwww;
    vec3 t = v.xyz;
    vec4 b = vec4(v.xy, v.zw) + vec4(v.x, v.y, v.z, v.w) + vec4(v.zy, v.yx) + vec4(t.zyx, v.w);
    vec4 w = vec4(1.0, 2.0, 3.0, 0.0);
    vec4 w_1 = vec4(v.xy.y, w.yz, v.xy.x);
    vec4 w_2 = vec4(w_1.zyx, w_1.w);
    vec3 t_1 = w_2.xyz + vec3(1.0);
    vec4 w_3 = vec4(t_1, w_2.w);
    vec2 t_2 = w_3.zw * 2.0;
    vec4 w_4 = vec4(w_3.xy, t_2);
    float dyn = v[min(uint(inputs.index), 3u)];
    vec4 w_5 = mix(w_4, vec4(dyn), equal(uvec4(0u, 1u, 2u, 3u), uvec4(min(uint(inputs.index), 3u))));
    vec4 w_6 = w_5;
    w_6.w = w_5.x + w_5.y;
    bool same = all(equal(v, inputs.f)) && any(notEqual(ivec4(1, -2, 1, -2), inputs.i));
    bvec4 lt = lessThan(v, w_6);
    bvec4 le = lessThanEqual(inputs.i, ivec4(1, -2, 1, -2));
    bvec4 gt = greaterThan(inputs.u, uvec4(7u, 1u, 2u, 9u));
    bvec4 ge = greaterThanEqual(v, vec4(2.0));
    bvec4 eq = equal(bvec4(false, true, false, true), to_bool);
    bvec4 ne = notEqual(inputs.u, uvec4(7u, 1u, 2u, 9u));
    bvec4 flags = bvec4(any(lt), all(le), any(gt) && all(ge), any(eq) || any(ne));
    bvec4 not_flags = not(flags);
    vec4 picked = same ? a : b;
    out_floats[min(0u, uint(out_floats.length()) - 1u)] = a + b + w_6 + picked;
    out_floats[min(1u, uint(out_floats.length()) - 1u)] = vec4(1.5, 3.0, 5.0, 5.0) + from_int + vec4(1.0, 0.0, 1.0, 0.0);
    out_floats[min(2u, uint(out_floats.length()) - 1u)] = vec4(not_flags) + vec4(flags) + vec4(1.0) + vec4(1.0, 0.0, 1.0, 0.0);
    ivec4 from_ivec2_1 = from_ivec2(ivec2(1, -2));
    out_ints[min(0u, uint(out_ints.length()) - 1u)] = ivec4(1, -5, 3, -1) + from_ivec2_1 + from_uint;
    out_uints[min(0u, uint(out_uints.length()) - 1u)] = uvec4(12u, 6u, 3u, 11u) + from_float + uvec4(to_bool);
}
