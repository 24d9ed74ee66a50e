#version 450

layout(early_fragment_tests) in;

layout(location = 1) noperspective in float fog;
layout(location = 0) flat in uint id;
layout(location = 0) out vec4 color;

void main() {
    vec4 t = vec4(fog);
    vec4 v = gl_FragCoord;
    v.y = fog;
    vec4 t_1 = vec4(v.x, t.y, v.z, t.w);
    vec4 t_2 = t_1.wzyx;
    bvec4 t_3 = lessThan(t_2, gl_FragCoord);
    bvec4 t_4 = bvec4(uvec4(bvec4(uvec4(t_3) & uvec4(greaterThan(t_2, t)))) | uvec4(t_3));
    vec4 t_5 = mix(mix(gl_FragCoord, t_2, not(t_4)), vec4(1.0), equal(uvec4(0u, 1u, 2u, 3u), uvec4(id)));
    color = (any(t_4) && gl_FrontFacing ? t_5 : t) * t_5[min(id, 3u)];
}
