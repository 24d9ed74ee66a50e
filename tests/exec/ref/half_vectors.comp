#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float x[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { int xi[]; };
layout(set = 0, binding = 2, std430) buffer B2 { float r[]; };
layout(set = 0, binding = 3, std430) buffer B3 { int ri[]; };
void put3(int i, f16vec3 v) { r[i] = float(v.x); r[i + 1] = float(v.y); r[i + 2] = float(v.z); }
void put2(int i, f16vec2 v) { r[i] = float(v.x); r[i + 1] = float(v.y); }
void main() {
    f16vec3 a = f16vec3(vec3(x[0], x[1], x[2]));
    f16vec3 b = f16vec3(float16_t(x[3]), float16_t(x[4]), float16_t(x[5]));
    float16_t m1 = float16_t(-1.0), p1 = float16_t(1.0), q = float16_t(0.25), z = float16_t(0.0);
    put3(0, min(a, b));
    put3(3, max(a, b));
    put3(6, clamp(a, m1, p1));
    put3(9, mix(a, b, q));
    r[12] = float(dot(a, b));
    f16vec2 h34 = f16vec2(float16_t(x[7]), float16_t(x[3]));
    r[13] = float(length(h34));
    put2(14, normalize(h34));
    put3(16, floor(a));
    put3(19, ceil(a));
    put3(22, fract(a));
    put3(25, abs(a));
    put3(28, sign(a));
    put3(31, step(z, a));
    r[34] = float(smoothstep(z, p1, a.z));
    r[35] = float(sqrt(float16_t(x[4] * 8.0)));
    r[36] = isinf(float16_t(x[8])) ? 1.0 : 0.0;
    f16vec3 c = a;
    c.xz = f16vec2(float16_t(7.0), float16_t(8.0));
    put3(37, c);
    put3(40, a.zyx + a.xxy);
    f16vec2 pt1 = f16vec2(float16_t(x[6]));
    put2(43, pt1 * f16vec2(float16_t(x[7])));
    f16mat2 m = f16mat2(f16vec2(1.0hf, 2.0hf), f16vec2(3.0hf, 4.0hf));
    f16mat2 n = f16mat2(f16vec2(float16_t(x[4]), 0.0hf), f16vec2(1.0hf, float16_t(x[5])));
    f16mat2 mn = m * n;
    put2(45, mn[0]);
    put2(47, mn[1]);
    f16mat2 t = transpose(m);
    put2(49, t[0]);
    put2(51, t[1]);
    put2(53, f16vec2(1.0hf, 1.0hf) * m);
    put2(55, (m * 2.0hf)[1]);
    r[57] = float(determinant(m));
    f16mat3x2 qm = f16mat3x2(f16vec2(1.0hf, 0.0hf), f16vec2(0.0hf, 1.0hf), f16vec2(1.0hf, 1.0hf));
    put2(58, qm * f16vec3(2.0hf, 3.0hf, 4.0hf));
    float16_t g = float16_t(x[11]);
    f16mat2 s = f16mat2(f16vec2(g, 0.0hf), f16vec2(0.0hf, g));
    put2(60, s * f16vec2(g, g));
    put3(62, f16vec3(ivec3(xi[0], xi[1], xi[2])));
    ivec2 iv = ivec2(f16vec2(float16_t(x[9]), float16_t(x[10])));
    ri[0] = iv.x; ri[1] = iv.y;
    uvec2 uv = uvec2(f16vec2(float16_t(x[10]), float16_t(x[3])));
    ri[2] = int(uv.x); ri[3] = int(uv.y);
    vec2 fv = vec2(f16vec2(float16_t(x[6]), float16_t(x[11])));
    r[65] = fv.x; r[66] = fv.y;
    bvec2 inf2 = isinf(f16vec2(float16_t(x[0]), float16_t(x[8])));
    r[67] = (inf2.y && !inf2.x) ? 1.0 : 0.0;
}
