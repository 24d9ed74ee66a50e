#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

struct Node {
    vec3 bounds_min;
    uint left_or_first;
    vec3 bounds_max;
    uint count;
};

struct Triangle {
    vec4 v0;
    vec4 v1;
    vec4 v2;
};

struct Ray {
    vec4 origin;
    vec4 direction;
};

struct HitRecord {
    float t;
    float u;
    float v;
    uint triangle;
};

layout(set = 0, binding = 0, std430) readonly buffer nodes_block {
    Node nodes[];
};
layout(set = 0, binding = 1, std430) readonly buffer triangles_block {
    Triangle triangles[];
};
layout(set = 0, binding = 2, std430) readonly buffer rays_block {
    Ray rays[];
};
layout(set = 0, binding = 3, std430) buffer hits_block {
    HitRecord hits[];
};

float slab(vec3 origin, vec3 inv_dir, vec3 lo, vec3 hi, float t_max) {
    vec3 t0 = (lo - origin) * inv_dir;
    vec3 t1 = (hi - origin) * inv_dir;
    float t_near = max(max(min(t0.x, t1.x), min(t0.y, t1.y)), min(t0.z, t1.z));
    float t_far = min(min(max(t0.x, t1.x), max(t0.y, t1.y)), max(t0.z, t1.z));
    return t_near <= t_far && t_far > 0.0 && t_near < t_max ? max(t_near, 0.0) : 1e30;
}

vec3 intersect_triangle(vec3 origin, vec3 dir, Triangle tri) {
    vec4 t = tri.v1;
    vec4 t_1 = tri.v0;
    vec3 e1 = t.xyz - t_1.xyz;
    vec4 t_2 = tri.v2;
    vec4 t_3 = tri.v0;
    vec3 e2 = t_2.xyz - t_3.xyz;
    vec3 p = cross(dir, e2);
    float det = dot(e1, p);
    if (abs(det) < 1e-8) {
        return vec3(1e30, 0.0, 0.0);
    }
    float inv_det = 1.0 / det;
    vec4 t_4 = tri.v0;
    vec3 s = origin - t_4.xyz;
    float u = dot(s, p) * inv_det;
    if (u < 0.0 || u > 1.0) {
        return vec3(1e30, 0.0, 0.0);
    }
    vec3 q = cross(s, e1);
    float v = dot(dir, q) * inv_det;
    if (v < 0.0 || u + v > 1.0) {
        return vec3(1e30, 0.0, 0.0);
    }
    float t_5 = dot(e2, q) * inv_det;
    return vec3(t_5 > 0.0 ? t_5 : 1e30, u, v);
}

vec3 safe_inverse(vec3 d) {
    return vec3(1.0 / (abs(d.x) > 1e-12 ? d.x : 1e-12), 1.0 / (abs(d.y) > 1e-12 ? d.y : 1e-12), 1.0 / (abs(d.z) > 1e-12 ? d.z : 1e-12));
}

HitRecord trace(Ray ray, bool any_hit) {
    uint stack[32];
    for (int i = 0; i < 32; ++i) {
        stack[i] = 0u;
    }
    vec4 t = ray.origin;
    vec3 origin = t.xyz;
    vec4 t_1 = ray.direction;
    vec3 dir = t_1.xyz;
    vec3 inv_dir = safe_inverse(dir);
    HitRecord best = HitRecord(ray.direction.w, 0.0, 0.0, 4294967295u);
    stack = uint[32](0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u);
    uint v = 0u;
    HitRecord best_1 = best;
    int top = 1;
    HitRecord best_2;
    while (true) {
        if (!(v < 4096u)) {
            best_2 = best_1;
            break;
        }
        if (!(top > 0)) {
            best_2 = best_1;
            break;
        }
        int top_1 = top - 1;
        uint t_2 = stack[min(uint(top_1), 31u)];
        Node node = nodes[min(t_2, uint(nodes.length()) - 1u)];
        float slab_1 = slab(origin, inv_dir, node.bounds_min, node.bounds_max, best_1.t);
        HitRecord best_3;
        int top_2 = top_1;
        if (slab_1 < 1e30) {
            HitRecord best_4;
            int top_3 = top_1;
            if (node.count > 0u) {
                uint t_3 = node.left_or_first;
                uint t_4 = node.left_or_first + node.count - 1u;
                uint i_1 = t_3;
                uint v_1 = t_4 - t_3;
                bool v_2 = t_3 <= t_4;
                uint v_3 = 0u;
                HitRecord best_5 = best_1;
                HitRecord best_6;
                while (true) {
                    if (!(v_3 < 64u)) {
                        best_6 = best_5;
                        break;
                    }
                    if (!v_2) {
                        best_6 = best_5;
                        break;
                    }
                    Triangle t_5 = triangles[min(i_1, uint(triangles.length()) - 1u)];
                    vec3 hit = intersect_triangle(origin, dir, t_5);
                    HitRecord best_7;
                    if (hit.x < best_5.t && hit.x >= ray.origin.w) {
                        HitRecord best_8 = HitRecord(hit.x, hit.y, hit.z, i_1);
                        if (any_hit) {
                            return best_8;
                        }
                        best_7 = best_8;
                    } else {
                        best_7 = best_5;
                    }
                    bool next_v = v_1 != 0u;
                    i_1 = i_1 + 1u;
                    v_1 = v_1 - 1u;
                    v_2 = next_v;
                    v_3 = v_3 + 1u;
                    best_5 = best_7;
                }
                best_4 = best_6;
            } else {
                int top_4 = top_1;
                if (top_1 + 2 <= 32) {
                    uint left = node.left_or_first;
                    uint right = left + 1u;
                    Node l = nodes[min(left, uint(nodes.length()) - 1u)];
                    Node r = nodes[min(right, uint(nodes.length()) - 1u)];
                    float dl = slab(origin, inv_dir, l.bounds_min, l.bounds_max, best_1.t);
                    float dr = slab(origin, inv_dir, r.bounds_min, r.bounds_max, best_1.t);
                    if (dl <= dr) {
                        stack[min(uint(top_1), 31u)] = right;
                        stack[min(uint(top_1 + 1), 31u)] = left;
                    } else {
                        stack[min(uint(top_1), 31u)] = left;
                        stack[min(uint(top_1 + 1), 31u)] = right;
                    }
                    top_4 = top_1 + 2;
                }
                best_4 = best_1;
                top_3 = top_4;
            }
            best_3 = best_4;
            top_2 = top_3;
        } else {
            best_3 = best_1;
        }
        v = v + 1u;
        best_1 = best_3;
        top = top_2;
    }
    return best_2;
}

void main() {
    uint t = uint(rays.length());
    if (gl_GlobalInvocationID.x >= uint(int(t))) {
        return;
    }
    Ray t_1 = rays[min(gl_GlobalInvocationID.x, uint(rays.length()) - 1u)];
    HitRecord trace_1 = trace(t_1, false);
    hits[min(gl_GlobalInvocationID.x, uint(hits.length()) - 1u)] = trace_1;
}
