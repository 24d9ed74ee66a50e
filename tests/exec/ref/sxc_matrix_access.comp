#version 450
layout(local_size_x = 2) in;
layout(set = 0, binding = 0, std140) uniform Idx { int index0; int index1; int index2; int index3; } idx;
layout(set = 0, binding = 1, std430) buffer Mats { mat4 mcol; mat2 mcol2x2; mat2x3 mcol2x3; mat3x2 mcol3x2; float reads[8]; vec4 readv; } m;
layout(set = 0, binding = 2, std430) readonly buffer RO { vec4 a[3][2][4]; float b[3][2][4]; vec4 unsized[]; } ro;
layout(set = 0, binding = 3, std430) buffer WO { vec4 c[3][2][4]; float d[3][2][4]; vec4 unsized[]; } wo;
layout(set = 0, binding = 4, std430) buffer S { float scalars[8]; };
// Luma clamps run-time indices as unsigned numbers
int cl(int i, int n) { return int(min(uint(i), uint(n - 1))); }
void main() {
    uint x = gl_GlobalInvocationID.x;
    wo.c[2][x][1] = ro.a[1][x][2];
    wo.d[x + 1u][x][3] = ro.b[2][1u - x][x] + ro.b[0][x][3];
    wo.unsized[x] = ro.unsized[x] * float(ro.unsized.length());
    if (x == 0u) {
        int i0 = idx.index0, i1 = idx.index1, j0 = idx.index2, j1 = idx.index3;
        m.mcol[cl(i0, 4)][cl(i1, 4)] = 1.0;
        m.mcol2x2[cl(i0, 2)][cl(i1, 2)] = 2.0;
        m.mcol2x3[cl(i0, 2)][cl(i1, 3)] = 3.0;
        m.mcol3x2[cl(i0, 3)][cl(i1, 2)] = 4.0;
        m.reads[0] = m.mcol[cl(i1, 4)][cl(i0, 4)] + m.mcol2x2[cl(i1, 2)][cl(i0, 2)] + m.mcol2x3[cl(i1, 2)][cl(i0, 3)] + m.mcol3x2[cl(i1, 3)][cl(i0, 2)];
        m.mcol[cl(j0, 4)] = vec4(1.5);
        m.mcol2x2[cl(j0, 2)] = vec2(2.5);
        m.mcol2x3[cl(j0, 2)][cl(j1, 3)] += 3.5;
        m.mcol3x2[cl(j0, 3)][cl(j1, 2)] -= 4.5;
        m.reads[1] = m.mcol2x3[cl(j1, 2)][cl(j0, 3)] + m.mcol3x2[cl(j1, 3)][cl(j0, 2)];
        m.readv = vec4(m.mcol[cl(j0, 4)].x, m.mcol2x2[cl(i0, 2)].y, m.mcol2x3[cl(j0, 2)].z, m.mcol3x2[cl(i1 - 1, 3)].y);
        float a = scalars[0], b = scalars[1];
        scalars[2] = distance(a, b);
        scalars[3] = length(a);
        scalars[4] = length(vec2(a, b)) * 5.0;
    }
}
