#version 450
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { int data[]; };
layout(set = 0, binding = 1, std430) buffer B1 { uvec3 result; };
layout(set = 0, binding = 2, std430) buffer B2 { uint out_u[256]; };
shared bvec3 wgvar;
shared bool flags[4];
shared uint failed;
void main() {
    uint lane = gl_LocalInvocationIndex;
    if (lane == 0u) { wgvar = bvec3(data[1] > 0, false, data[1] < 0); failed = uint(data[0]); }
    if (lane < 4u) flags[lane] = lane % 2u == 1u;
    barrier();
    if (lane == 0u) { wgvar.y = wgvar.x; }
    barrier();
    uint f = failed;
    if (lane == 0u) result = uvec3(wgvar);
    out_u[lane] = f + (flags[lane % 4u] ? 100u : 0u) + (wgvar.y ? 1000u : 0u);
}
