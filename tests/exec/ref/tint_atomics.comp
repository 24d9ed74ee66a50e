#version 450
layout(local_size_x = 16) in;
layout(set = 0, binding = 0, std140) uniform U0 { uint zero; } constants;
layout(set = 0, binding = 1, std430) buffer B1 { int data[3]; } s;
layout(set = 0, binding = 2, std430) buffer B2 { uint vertex_count; } draw_out;
layout(set = 0, binding = 3, std430) buffer B3 { uint a_u32; };
layout(set = 0, binding = 4, std430) buffer B4 { int a_i32; };
layout(set = 0, binding = 5, std430) buffer B5 { uvec3 v; uint u; } outp;
layout(set = 0, binding = 6, std430) buffer B6 { uint results[16]; };
shared uint b_u32;
shared int b_i32;
shared int arg_0;
shared uvec3 wg_v;
shared uint wg_u;
void main() {
    uint lane = gl_LocalInvocationIndex;
    if (lane == 0u) { b_u32 = 0u; b_i32 = 0; arg_0 = 0; wg_u = 0u; wg_v = uvec3(0u); }
    barrier();
    uint wins = 0u;
    for (int k = 0; k < 3; k++) wins += atomicCompSwap(a_u32, 0u, 42u) == 0u ? 1u : 0u;
    for (int k = 0; k < 3; k++) wins += atomicCompSwap(a_i32, 0, 42) == 0 ? 0x100u : 0u;
    for (int k = 0; k < 3; k++) wins += atomicCompSwap(b_u32, 0u, 42u) == 0u ? 0x10000u : 0u;
    for (int k = 0; k < 3; k++) wins += atomicCompSwap(b_i32, 0, 42) == 0 ? 0x1000000u : 0u;
    atomicAdd(draw_out.vertex_count, wins);
    atomicAdd(arg_0, 1);
    barrier();
    if (lane == 0u) {
        results[0] = uint(atomicAdd(s.data[0u + constants.zero], 0));
        results[1] = atomicAdd(draw_out.vertex_count, 0u);
        results[2] = uint(atomicAdd(arg_0, 0));
        results[3] = atomicAdd(b_u32, 0u);
        results[4] = uint(atomicAdd(b_i32, 0));
        results[5] = uint(atomicCompSwap(a_i32, 42, 7));
        atomicExchange(wg_u, 9u);
        atomicExchange(outp.u, atomicAdd(wg_u, 0u));
        outp.v = wg_v + uvec3(1u, 2u, 3u);
    }
}
