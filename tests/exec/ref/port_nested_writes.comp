#version 450
layout(local_size_x = 1) in;
struct InnerU { vec3 dir; float w; mat3 m; uint tags[3]; };
struct Inner { vec3 dir; float w; mat3 m; uint tags[3]; };
struct Outer { vec2 a; Inner inner[2]; vec3 tail; };
layout(set = 0, binding = 0, std140) uniform U0 {
    mat3x4 xf; vec3 scale; int k; vec3 rows[2]; InnerU pairs[2];
} params;
layout(set = 0, binding = 1, std430) buffer B1 { Outer data_[2]; };
layout(set = 0, binding = 2, std430) buffer B2 { float out_f[64]; };
void main() {
    data_[1].inner[0].dir.xz *= vec2(2.0, 3.0);
    data_[1].inner[1].m[1] += params.scale;
    data_[0].inner[1].tags[2] <<= 3u;
    data_[0].inner[1].tags[params.k] |= 0x100u;
    // bump(data[0], 0.5)
    data_[0].inner[1].dir.zx += vec2(0.5, 1.0);
    data_[0].inner[0].m[2].y *= 0.5;
    data_[0].tail.yz = data_[0].tail.zy;
    mat3 m = params.pairs[1].m;
    vec3 v = m * params.rows[0] + params.rows[1] * transpose(m);
    out_f[0] = v.x; out_f[1] = v.y; out_f[2] = v.z;
    vec4 x = params.xf * vec3(1.0, 2.0, 3.0);
    out_f[3] = x.x; out_f[4] = x.y; out_f[5] = x.z; out_f[6] = x.w;
    vec3 y = vec4(1.0, -1.0, 0.5, 2.0) * params.xf;
    out_f[7] = y.x; out_f[8] = y.y; out_f[9] = y.z;
    mat3 id = inverse(m) * m;
    out_f[10] = id[0][0] + id[1][1] * 10.0 + id[2][2] * 100.0;
    out_f[11] = determinant(m);
    out_f[12] = float(params.pairs[0].tags[params.k] + params.pairs[1].tags[2]);
    out_f[13] = params.pairs[1].w + params.pairs[0].dir.y;
    mat3 q = params.pairs[0].m;
    q[0].yz = q[2].xy;
    q[1] *= 2.0;
    mat3 r = q * mat3(params.scale.x);
    for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) out_f[14 + i * 3 + j] = r[i][j];
    mat3 mm = mat2x3(vec3(1.0, 2.0, 3.0), vec3(4.0, 5.0, 6.0)) * mat3x2(vec2(1.0, 0.5), vec2(-1.0, 2.0), vec2(0.0, 1.0));
    for (int i = 0; i < 3; i++) { out_f[23 + i * 3] = mm[i].x; out_f[24 + i * 3] = mm[i].y; out_f[25 + i * 3] = mm[i].z; }
}
