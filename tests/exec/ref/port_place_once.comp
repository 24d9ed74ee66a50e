#version 450
layout(local_size_x = 1) in;
struct Cell { mat3 m; vec4 v; };
layout(set = 0, binding = 0, std430) buffer B0 { uint counter; };
layout(set = 0, binding = 1, std430) buffer B1 { vec4 vals[8]; };
layout(set = 0, binding = 2, std430) buffer B2 { uint ints[8]; };
layout(set = 0, binding = 3, std430) buffer B3 { mat3 out_m[4]; };
shared Cell cells[2];
uint next_slot() { return atomicAdd(counter, 1u); }
void main() {
    uint s = next_slot(); vals[s].x += 1.0;
    s = next_slot(); vals[s].yz *= vec2(2.0, 3.0);
    s = next_slot() + 2u; ints[s] += 5u;
    s = atomicAdd(counter, 1u); ints[s] <<= 1u;
    int j = int(counter);
    vals[5][j - 2] = 9.0;
    vals[6][j % 4] += 0.5;
    mat3 m = mat3(1.0);
    m[j - 3][j - 4] = 7.0;
    m[j % 3].zx += vec2(0.25, 0.75);
    out_m[0] = m;
    cells[j % 2].m = mat3(2.0);
    cells[j % 2].m[j - 3].z -= 1.0;
    cells[(j + 1) % 2].m = transpose(cells[j % 2].m);
    cells[(j + 1) % 2].m[2][j - 4] += 3.0;
    out_m[1] = cells[0].m;
    out_m[2] = cells[1].m;
    vec4 v = vec4(0.0);
    v[j - 4] = 1.0;
    v[3] = float(j);
    cells[0].v = v;
    cells[0].v[j - 3] += 2.0;
    vals[7] = cells[0].v;
}
