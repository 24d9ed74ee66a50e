#version 450
layout(local_size_x = 1) in;
struct Frame { mat3 basis; float weights[4]; ivec2 tags[2]; };
layout(set = 0, binding = 0, std430) buffer Idx { int idx[]; };
layout(set = 0, binding = 1, std430) buffer OutF { float outf[]; };
layout(set = 0, binding = 2, std430) buffer OutI { int outi[]; };
float[4] ramp(float b) { return float[4](b, b + 1.0, b + 2.0, b + 3.0); }
mat3 rot(int k) { float c = float(k); return mat3(vec3(1.0, c, 0.0), vec3(-c, 1.0, 2.0), vec3(0.5, 0.25, c * c)); }
Frame frame(int k) { return Frame(rot(k) * 2.0, ramp(float(k) * 10.0), ivec2[2](ivec2(k, -k), ivec2(k * 3, 7))); }
int[3] pick(bool flag, int[3] a, int[3] b) { return flag ? a : b; }
void main() {
    int i = idx[0], j = idx[1], k = idx[2];
    outf[0] = ramp(5.0)[i];
    outf[1] = rot(k)[j][i];
    outf[2] = rot(k)[i].zyx[j];
    outf[3] = frame(k).weights[i];
    outf[4] = frame(j).basis[i][j];
    outi[0] = frame(k).tags[j][j];
    outi[1] = pick(i > j, int[3](10, 20, 30), int[3](40, 50, 60))[j];
    outi[2] = (k > 2 ? ivec4(1, 2, 3, 4) : ivec4(5, 6, 7, 8))[k];
    outi[3] = int[5](3, 1, 4, 1, 5)[k + j];
    outi[4] = ramp(1.0).length() + frame(0).tags.length();
    outf[5] = mat2x3(vec3(1.0, 2.0, 3.0), vec3(4.0, 5.0, 6.0))[j].yz[i - 2 + j - 1];
    outf[6] = vec4(1.5, 2.5, 3.5, 4.5).wzyx[i];
    vec4 vs[3] = vec4[3](vec4(1.0), vec4(2.0), vec4(3.0));
    vs[j].zy *= vec2(10.0, 100.0);
    vs[i].w -= 0.5;
    vs[k - 3].x += vs[j].z;
    outf[7] = vs[0].x; outf[8] = vs[1].y; outf[9] = vs[1].z; outf[10] = vs[2].w;
    Frame fr = frame(1);
    fr.tags[j].yx += ivec2(100, 1000);
    fr.basis[i].zx *= 3.0;
    outi[5] = fr.tags[1].x; outi[6] = fr.tags[1].y;
    outf[11] = fr.basis[2].z; outf[12] = fr.basis[2].x; outf[13] = fr.basis[1].z;
}
