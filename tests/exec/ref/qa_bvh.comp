#version 450
layout(local_size_x = 8) in;
struct Node { vec3 bounds_min; uint left_or_first; vec3 bounds_max; uint count; };
struct Triangle { vec4 v0; vec4 v1; vec4 v2; };
struct Ray { vec4 origin; vec4 direction; };
struct HitRecord { float t; float u; float v; uint triangle; };
layout(set = 0, binding = 0, std430) readonly buffer B0 { Node nodes[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { Triangle triangles[]; };
layout(set = 0, binding = 2, std430) readonly buffer B2 { Ray rays[]; };
layout(set = 0, binding = 3, std430) buffer B3 { HitRecord hits[]; };
layout(set = 0, binding = 4, std430) buffer B4 { uint occluded[]; };
const float FAR = 1.0e30;
// Brute force over every triangle: the reference needs no hierarchy to know the answer.
HitRecord trace(Ray r) {
    HitRecord best = HitRecord(r.direction.w, 0.0, 0.0, 0xFFFFFFFFu);
    for (uint i = 0u; i < uint(triangles.length()); i++) {
        Triangle tri = triangles[i];
        vec3 e1 = tri.v1.xyz - tri.v0.xyz, e2 = tri.v2.xyz - tri.v0.xyz;
        vec3 p = cross(r.direction.xyz, e2);
        float det = dot(e1, p);
        if (abs(det) < 1.0e-8) continue;
        vec3 s = r.origin.xyz - tri.v0.xyz;
        float u = dot(s, p) / det;
        if (u < 0.0 || u > 1.0) continue;
        vec3 q = cross(s, e1);
        float v = dot(r.direction.xyz, q) / det;
        if (v < 0.0 || u + v > 1.0) continue;
        float t = dot(e2, q) / det;
        if (t < best.t && t >= r.origin.w) best = HitRecord(t, u, v, i);
    }
    return best;
}
void main() {
    uint i = gl_LocalInvocationIndex;
    HitRecord h = trace(rays[i]);
    hits[i] = h;
    occluded[i] = h.triangle != 0xFFFFFFFFu ? 1u : 0u;
}
