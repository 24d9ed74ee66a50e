struct Node {
    bounds_min: vec3f,
    left_or_first: u32,
    bounds_max: vec3f,
    count: u32,
}

struct Triangle {
    v0: vec4f,
    v1: vec4f,
    v2: vec4f,
}

struct Ray {
    origin: vec4f,
    direction: vec4f,
}

struct HitRecord {
    t: f32,
    u: f32,
    v: f32,
    triangle: u32,
}

@group(0) @binding(0) var<storage, read> nodes: array<Node>;
@group(0) @binding(1) var<storage, read> triangles: array<Triangle>;
@group(0) @binding(2) var<storage, read> rays: array<Ray>;
@group(0) @binding(3) var<storage, read_write> hits: array<HitRecord>;
@group(0) @binding(4) var<storage, read_write> occluded: array<u32>;

fn slab(origin: vec3f, inv_dir: vec3f, lo: vec3f, hi: vec3f, t_max: f32) -> f32 {
    let t0 = (lo - origin) * inv_dir;
    let t1 = (hi - origin) * inv_dir;
    let t_near = max(max(min(t0.x, t1.x), min(t0.y, t1.y)), min(t0.z, t1.z));
    let t_far = min(min(max(t0.x, t1.x), max(t0.y, t1.y)), max(t0.z, t1.z));
    return select(1e30f, max(t_near, 0.0f), t_near <= t_far && t_far > 0.0f && t_near < t_max);
}

fn intersect_triangle(origin: vec3f, dir: vec3f, tri: Triangle) -> vec3f {
    let t = tri.v1;
    let t_1 = tri.v0;
    let e1 = t.xyz - t_1.xyz;
    let t_2 = tri.v2;
    let t_3 = tri.v0;
    let e2 = t_2.xyz - t_3.xyz;
    let p = cross(dir, e2);
    let det = dot(e1, p);
    if abs(det) < 1e-8f {
        return vec3f(1e30f, 0.0f, 0.0f);
    }
    let inv_det = 1.0f / det;
    let t_4 = tri.v0;
    let s = origin - t_4.xyz;
    let u = dot(s, p) * inv_det;
    if u < 0.0f || u > 1.0f {
        return vec3f(1e30f, 0.0f, 0.0f);
    }
    let q = cross(s, e1);
    let v = dot(dir, q) * inv_det;
    if v < 0.0f || u + v > 1.0f {
        return vec3f(1e30f, 0.0f, 0.0f);
    }
    let t_5 = dot(e2, q) * inv_det;
    return vec3f(select(1e30f, t_5, t_5 > 0.0f), u, v);
}

fn safe_inverse(d: vec3f) -> vec3f {
    return vec3f(1.0f / select(1e-12f, d.x, abs(d.x) > 1e-12f), 1.0f / select(1e-12f, d.y, abs(d.y) > 1e-12f), 1.0f / select(1e-12f, d.z, abs(d.z) > 1e-12f));
}

fn trace(ray: Ray, any_hit: bool) -> HitRecord {
    var stack: array<u32, 32>;
    let t = ray.origin;
    let origin = t.xyz;
    let t_1 = ray.direction;
    let dir = t_1.xyz;
    let inv_dir = safe_inverse(dir);
    let best = HitRecord(ray.direction.w, 0.0f, 0.0f, 4294967295u);
    stack = array<u32, 32>(0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u);
    var v: u32 = 0u;
    var best_1: HitRecord = best;
    var top: i32 = 1i;
    var best_2: HitRecord;
    loop {
        if !(v < 4096u) {
            best_2 = best_1;
            break;
        }
        if !(top > 0i) {
            best_2 = best_1;
            break;
        }
        let top_1 = top - 1i;
        let t_2 = stack[top_1];
        let node = nodes[min(t_2, arrayLength(&nodes) - 1u)];
        let slab_1 = slab(origin, inv_dir, node.bounds_min, node.bounds_max, best_1.t);
        var best_3: HitRecord;
        var top_2: i32 = top_1;
        if slab_1 < 1e30f {
            var best_4: HitRecord;
            var top_3: i32 = top_1;
            if node.count > 0u {
                let t_3 = node.left_or_first;
                let t_4 = node.left_or_first + node.count - 1u;
                var i: u32 = t_3;
                var v_1: u32 = t_4 - t_3;
                var v_2: bool = t_3 <= t_4;
                var v_3: u32 = 0u;
                var best_5: HitRecord = best_1;
                var best_6: HitRecord;
                loop {
                    if !(v_3 < 64u) {
                        best_6 = best_5;
                        break;
                    }
                    if !v_2 {
                        best_6 = best_5;
                        break;
                    }
                    let t_5 = triangles[min(i, arrayLength(&triangles) - 1u)];
                    let hit = intersect_triangle(origin, dir, t_5);
                    var best_7: HitRecord;
                    if hit.x < best_5.t && hit.x >= ray.origin.w {
                        let best_8 = HitRecord(hit.x, hit.y, hit.z, i);
                        if any_hit {
                            return best_8;
                        }
                        best_7 = best_8;
                    } else {
                        best_7 = best_5;
                    }
                    let next_v = v_1 != 0u;
                    i = i + 1u;
                    v_1 = v_1 - 1u;
                    v_2 = next_v;
                    v_3 = v_3 + 1u;
                    best_5 = best_7;
                }
                best_4 = best_6;
            } else {
                var top_4: i32 = top_1;
                if top_1 + 2i <= 32i {
                    let left = node.left_or_first;
                    let right = left + 1u;
                    let l = nodes[min(left, arrayLength(&nodes) - 1u)];
                    let r = nodes[min(right, arrayLength(&nodes) - 1u)];
                    let dl = slab(origin, inv_dir, l.bounds_min, l.bounds_max, best_1.t);
                    let dr = slab(origin, inv_dir, r.bounds_min, r.bounds_max, best_1.t);
                    if dl <= dr {
                        stack[top_1] = right;
                        stack[top_1 + 1i] = left;
                    } else {
                        stack[top_1] = left;
                        stack[top_1 + 1i] = right;
                    }
                    top_4 = top_1 + 2i;
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

@compute @workgroup_size(64, 1, 1)
fn closest_hit(@builtin(global_invocation_id) id: vec3u) {
    let t = arrayLength(&rays);
    if id.x >= u32(i32(t)) {
        return;
    }
    let t_1 = rays[min(id.x, arrayLength(&rays) - 1u)];
    let trace_1 = trace(t_1, false);
    hits[min(id.x, arrayLength(&hits) - 1u)] = trace_1;
}

@compute @workgroup_size(64, 1, 1)
fn shadow_rays(@builtin(global_invocation_id) id: vec3u) {
    let t = arrayLength(&rays);
    if id.x >= u32(i32(t)) {
        return;
    }
    let t_1 = rays[min(id.x, arrayLength(&rays) - 1u)];
    let hit = trace(t_1, true);
    occluded[min(id.x, arrayLength(&occluded) - 1u)] = select(0u, 1u, hit.triangle != 4294967295u);
}
