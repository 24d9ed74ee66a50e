#version 450
layout(local_size_x = 32) in;
struct Sphere { vec3 center; float radius; };
struct DrawArgs { uint index_count; uint instance_count; uint first_index; int vertex_offset; uint first_instance; };
layout(set = 0, binding = 0, std140) uniform U0 { vec4 planes[6]; uint count; } frustum;
layout(set = 0, binding = 1, std430) readonly buffer B1 { Sphere spheres[]; };
layout(set = 0, binding = 2, std430) buffer B2 { DrawArgs args[2]; };
layout(set = 0, binding = 3, std430) buffer B3 { uint visible[]; };
bool inside(Sphere s) {
    for (int i = 0; i < 6; i++) {
        vec4 p = frustum.planes[i];
        if (dot(p.xyz, s.center) + p.w < -s.radius) return false;
    }
    return true;
}
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= frustum.count) return;
    if (i == 0u) {
        args[0].index_count = 36u;
        args[0].first_index = 0u;
        args[0].vertex_offset = -4;
        args[0].first_instance = 0u;
    }
    Sphere s = spheres[i];
    int lod = s.radius > 2.0 ? 1 : 0;
    if (inside(s)) {
        uint slot = atomicAdd(args[lod].instance_count, 1u);
        visible[uint(lod) * 1024u + slot] = i;
    }
}
