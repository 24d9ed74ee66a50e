#version 450
layout(local_size_x = 3) in;
struct S { uvec3 a; uint b; uvec3 c[4]; };
layout(set = 0, binding = 0, std140) uniform U0 { mat2 transform1; } x_20;
layout(set = 1, binding = 0, std140) uniform U1 { mat2 transform2; } x_26;
layout(set = 0, binding = 1, std140) uniform U2 { mat2 m; } ubo;
layout(set = 0, binding = 2, std430) readonly buffer B2 { mat2 m; } ssbo;
layout(set = 0, binding = 3, std140) uniform U3 { mat4 matrix_view; mat3 matrix_normal; } view;
layout(set = 0, binding = 4, std140) uniform U4 { uvec3 a; } i;
layout(set = 0, binding = 5, std140) uniform U5 { S s; } ubuffer;
layout(set = 0, binding = 6, std430) buffer B6 { S s; } sbuffer;
layout(set = 0, binding = 7, std140) uniform U7 { mat4 world_view; mat4 proj; uint num_point_lights; uint color_source; vec4 color; } uniforms;
layout(set = 0, binding = 8, std430) buffer B8 { float out_f[3][4]; };
layout(set = 0, binding = 9, std430) buffer B9 { uint out_u[16]; };
shared S wbuffer;
void main() {
    uint lane = gl_LocalInvocationIndex;
    vec2 indexable[3] = vec2[3](vec2(-1.0, 1.0), vec2(1.0, 1.0), vec2(-1.0, -1.0));
    mat2 t1 = x_20.transform1;
    mat2 t2 = x_26.transform2;
    vec2 p = mat2(t1[0] + t2[0], t1[1] + t2[1]) * indexable[lane];
    out_f[lane][0] = p.x;
    out_f[lane][1] = p.y;
    out_f[lane][2] = ubo.m[1].y - ssbo.m[1].x;
    out_f[lane][3] = view.matrix_view[0].z + view.matrix_normal[2].y + uniforms.color.w + uniforms.proj[3].x;
    if (lane == 0u) { out_u[0] = i.a.x * i.a.x + i.a.y * i.a.y + i.a.z * i.a.z; out_u[1] = i.a.x; wbuffer = ubuffer.s; }
    barrier();
    if (lane == 1u) { S w = wbuffer; sbuffer.s = w; sbuffer.s.c[3].z += w.b; out_u[2] = uniforms.num_point_lights * 10u + uniforms.color_source; }
    barrier();
    if (lane == 2u) { wbuffer.a = uvec3(0u); wbuffer.b = 0u; for (int k = 0; k < 4; k++) wbuffer.c[k] = uvec3(0u); }
    barrier();
    if (lane == 0u) { out_u[3] = wbuffer.c[2].y + wbuffer.a.x + wbuffer.b; }
}
