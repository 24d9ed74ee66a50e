#version 450
layout(local_size_x = 1) in;
struct FooStruct { vec3 v3; float v1; };
layout(set = 0, binding = 0, std430) buffer B0 { FooStruct alignment; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { vec2 dummy[]; };
layout(set = 0, binding = 2, std140) uniform U2 { vec4 float_vecs[20]; };
layout(set = 0, binding = 3, std140) uniform U3 { vec3 global_vec; };
layout(set = 0, binding = 4, std140) uniform U4 { mat3x2 global_mat; };
layout(set = 0, binding = 5, std140) uniform U5 { mat2x4 n24[2][2]; };
layout(set = 0, binding = 6, std140) uniform U6 { mat4x2 n42[2][2]; };
layout(set = 0, binding = 7, std430) readonly buffer B7 { int params[]; };
layout(set = 0, binding = 8, std430) buffer B8 { float outv[]; };
shared float wg[10];
shared uint at;
float packed_vec3_arg(vec3 a) { return a.x + a.y * 10.0 + a.z * 100.0; }
void main() {
    int i = params[0], j = params[1];
    alignment.v3 = vec3(1.0); alignment.v3.x = 1.0; alignment.v3[j] = 2.0; alignment.v3[i] = 3.0;
    FooStruct data = alignment;
    outv[0] = packed_vec3_arg(data.v3);
    vec2 l1 = data.v3.zx; outv[1] = l1.x * 10.0 + l1.y;
    mat3 m = mat3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0);
    outv[2] = packed_vec3_arg(data.v3 * m); outv[3] = packed_vec3_arg(m * data.v3); outv[4] = packed_vec3_arg(2.0 * data.v3);
    wg[7] = (n42[j][j] * n24[j][j][j]).x;
    wg[8] = (n42[i][j] * n24[j][i][i]).y;
    wg[9] = n24[i][i][i][i + 2] + n42[i][i][i + 2][i];
    wg[6] = (global_mat * global_vec).x;
    wg[5] = dummy[i].y;
    wg[4] = float_vecs[i * 19].w + float_vecs[0].w;
    wg[3] = alignment.v1; wg[2] = alignment.v3.x;
    alignment.v1 = 4.0;
    wg[1] = float(dummy.length());
    atomicExchange(at, 2u); atomicAdd(at, uint(i));
    barrier();
    wg[0] = float(atomicAdd(at, 0u));
    for (int k = 0; k <= 9; k++) outv[5 + k] = wg[k] + 1.0;
}
