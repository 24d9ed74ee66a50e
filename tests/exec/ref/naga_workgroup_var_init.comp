#version 450
layout(local_size_x = 64) in;
struct WStruct { uint arr[512]; int atom; int atom_arr[8][8]; };
shared WStruct w_mem;
layout(set = 0, binding = 0, std430) buffer B0 { uint outv[512]; };
layout(set = 0, binding = 1, std430) buffer B1 { int atoms[65]; };
void main() {
    uint li = gl_LocalInvocationIndex;
    for (uint k = 0u; k < 8u; k++) w_mem.arr[li + k * 64u] = 0u;
    atomicExchange(w_mem.atom_arr[li / 8u][li % 8u], 0);
    if (li == 0u) atomicExchange(w_mem.atom, 0);
    barrier();
    w_mem.arr[li * 8u + li % 8u] = li + 1u;
    atomicAdd(w_mem.atom, int(li));
    atomicAdd(w_mem.atom_arr[li % 8u][(li / 8u + li) % 8u], 1);
    atomicAdd(w_mem.atom_arr[7u - li % 8u][0], -int(li % 3u));
    barrier();
    if (li == 0u) {
        outv = w_mem.arr;
        for (int r = 0; r < 8; r++) for (int c = 0; c < 8; c++) atoms[r * 8 + c] = atomicAdd(w_mem.atom_arr[r][c], 0);
        atoms[64] = atomicAdd(w_mem.atom, 0);
    }
}
