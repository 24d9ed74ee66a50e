#version 450
layout(local_size_x = 2) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int indices[2]; };
layout(set = 0, binding = 1, std430) buffer B1 { vec4 out_v[2][6]; };
void main() {
    uint lane = gl_LocalInvocationIndex;
    // Luma's clamp spelled out: unsigned, to the last component.
    uint c4 = min(uint(indices[lane]), 3u);
    uint c3 = min(uint(indices[lane]), 2u);
    vec4 v = vec4(0.0);
    v[c4] = 1.0;
    out_v[lane][0] = v;
    vec4 w = vec4(1.0, 2.0, 3.0, 4.0);
    w[c4] += 10.0;
    out_v[lane][1] = w;
    mat3 m = mat3(0.0);
    m[1][c3] = 6.0;
    out_v[lane][2] = vec4(m[1], 0.0);
    vec3 n = vec3(0.0);
    n[c3] -= 2.0;
    out_v[lane][3] = vec4(n, 0.0);
    vec4 arr[2] = vec4[2](vec4(0.0), vec4(0.0));
    arr[1][c4] = 5.0;
    out_v[lane][4] = arr[1] + arr[0];
    out_v[lane][5] = vec4(0.0);
    out_v[lane][5][c4] = 7.0;
}
