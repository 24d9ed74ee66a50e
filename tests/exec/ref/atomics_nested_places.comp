#version 450
layout(local_size_x = 4) in;
struct S { float f; uint a; int v[2]; };
shared S ss[4];
shared uint grid[2][3];
layout(set = 0, binding = 0, std430) buffer B0 { uint n; S items[]; } bb;
layout(set = 0, binding = 1, std430) buffer B1 { int nest[2][2]; };
layout(set = 0, binding = 2, std430) buffer B2 { int outv[]; };
void main() {
    uint li = gl_LocalInvocationIndex;
    ss[li].f = float(li) * 0.5;
    ss[li].a = li;
    ss[li].v[0] = 0;
    ss[li].v[1] = 100;
    grid[li / 3u][li % 3u] = 0u;
    if (li < 2u) grid[(li + 4u) / 3u][(li + 4u) % 3u] = 0u;
    barrier();
    uint o = atomicAdd(ss[(li + 1u) % 4u].a, 10u);
    atomicMin(ss[0].v[1], -int(li));
    atomicOr(grid[1][2], 1u << li);
    atomicAdd(grid[li % 2u][li % 3u], li + 1u);
    uint p = atomicExchange(bb.items[li].a, li * 2u);
    atomicAdd(bb.items[li].a, 0xFFFFFFFFu);
    atomicXor(bb.items[li].v[0], 5);
    atomicMax(nest[li % 2u][li / 2u], int(li) - 2);
    int q = atomicCompSwap(bb.items[0].v[1], 0, 7);
    atomicAdd(bb.n, uint(q));
    barrier();
    outv[li] = int(o) * 1000 + int(p);
    outv[4 + li] = int(ss[li].a);
    outv[8 + li] = ss[li].v[1];
    outv[12 + li] = int(grid[li / 3u][li % 3u]);
    if (li < 2u) outv[16 + li] = int(grid[(li + 4u) / 3u][(li + 4u) % 3u]);
    outv[18 + li] = int(ss[li].f * 2.0);
    outv[22 + li] = ss[li].v[0];
}
