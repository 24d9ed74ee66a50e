struct Camera {
    inv_view_proj: mat4x4f,
    position: vec4f,
    light_direction: vec4f,
    resolution: vec2f,
    time: f32,
    max_steps: i32,
}

struct Hit {
    distance_: f32,
    material: i32,
}

struct RaymarchFsOutput {
    @location(0) color: vec4f,
    @builtin(frag_depth) depth: f32,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<storage, read> query_points: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> query_results: array<vec4f>;

fn sd_sphere(p: vec3f, radius: f32) -> f32 {
    return length(p) - radius;
}

fn sd_box(p: vec3f, half_size: vec3f) -> f32 {
    let q = abs(p) - half_size;
    return length(max(q, vec3f(0.0f))) + min(max(q.x, max(q.y, q.z)), 0.0f);
}

fn sd_torus(p: vec3f, t: vec2f) -> f32 {
    let q = vec2f(length(p.xz) - t.x, p.y);
    return length(q) - t.y;
}

fn sd_capsule(p: vec3f, a: vec3f, b: vec3f, r: f32) -> f32 {
    let pa = p - a;
    let ba = b - a;
    let h = clamp(dot(pa, ba) / dot(ba, ba), 0.0f, 1.0f);
    return length(pa - ba * h) - r;
}

fn op_smooth_union(d1: f32, d2: f32, k: f32) -> f32 {
    let h = clamp(0.5f + 0.5f * (d2 - d1) / k, 0.0f, 1.0f);
    return mix(d2, d1, h) - k * h * (1.0f - h);
}

fn op_limited_repeat(p: vec3f, spacing: f32, limit: f32) -> vec3f {
    let t = p.xz - clamp(round(p.xz / vec2f(spacing)), vec2f(-limit), vec2f(limit)) * spacing;
    let q = vec3f(t.x, p.y, t.y);
    return q;
}

fn closer(a: Hit, b: Hit) -> Hit {
    var v: Hit;
    if b.distance_ < a.distance_ {
        v = b;
    } else {
        v = a;
    }
    return v;
}

fn scene(p: vec3f) -> Hit {
    let floor_hit = Hit(p.y + 1.0f, 1i);
    let bob = sin(camera.time) * 0.25f;
    let sd_sphere_1 = sd_sphere(p - vec3f(0.0f, bob, 0.0f), 1.0f);
    let sd_torus_1 = sd_torus(p - vec3f(0.0f, -0.5f, 0.0f), vec2f(1.5f, 0.25f));
    let blob = op_smooth_union(sd_sphere_1, sd_torus_1, 0.3f);
    let blob_hit = Hit(blob, 2i);
    let column_space = op_limited_repeat(p, 4.0f, 2.0f);
    let sd_box_1 = sd_box(column_space - vec3f(0.0f, 0.5f, 0.0f), vec3f(0.3f, 1.5f, 0.3f));
    let sd_capsule_1 = sd_capsule(column_space, vec3f(0.0f, 2.0f, 0.0f), vec3f(0.0f, 3.0f, 0.0f), 0.2f);
    let column = min(sd_box_1, sd_capsule_1);
    let sd_box_2 = sd_box(p, vec3f(2.5f, 10.0f, 2.5f));
    let column_1 = max(column, -sd_box_2);
    let column_hit = Hit(column_1, 3i);
    let closer_1 = closer(floor_hit, blob_hit);
    let closer_2 = closer(closer_1, column_hit);
    return closer_2;
}

fn march(origin: vec3f, direction: vec3f) -> Hit {
    let steps = clamp(camera.max_steps, 1i, 256i);
    var v: u32 = bitcast<u32>(steps) - 1u;
    var v_1: bool = 1i <= steps;
    var v_2: u32 = 0u;
    var t: f32 = 0.0f;
    loop {
        if !(v_2 < 256u) {
            break;
        }
        if !v_1 {
            break;
        }
        let h = scene(origin + direction * t);
        if h.distance_ < 0.001f * t {
            return Hit(t, h.material);
        }
        let t_1 = t + h.distance_;
        if t_1 > 100.0f {
            break;
        }
        let next_v = v != 0u;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        t = t_1;
    }
    return Hit(100.0f, 0i);
}

fn scene_normal(p: vec3f) -> vec3f {
    let scene_1 = scene(p + vec3f(0.0005f, 0.0f, 0.0f));
    let scene_2 = scene(p - vec3f(0.0005f, 0.0f, 0.0f));
    let scene_3 = scene(p + vec3f(0.0f, 0.0005f, 0.0f));
    let scene_4 = scene(p - vec3f(0.0f, 0.0005f, 0.0f));
    let scene_5 = scene(p + vec3f(0.0f, 0.0f, 0.0005f));
    let scene_6 = scene(p - vec3f(0.0f, 0.0f, 0.0005f));
    return normalize(vec3f(scene_1.distance_ - scene_2.distance_, scene_3.distance_ - scene_4.distance_, scene_5.distance_ - scene_6.distance_));
}

fn soft_shadow(origin: vec3f, direction: vec3f, k: f32) -> f32 {
    var v: u32 = 0u;
    var result: f32 = 1.0f;
    var t: f32 = 0.02f;
    var result_1: f32;
    loop {
        if !(v < 64u) {
            result_1 = result;
            break;
        }
        if !(t < 20.0f) {
            result_1 = result;
            break;
        }
        let scene_1 = scene(origin + direction * t);
        let h = scene_1.distance_;
        if h < 0.0001f {
            return 0.0f;
        }
        let result_2 = min(result, k * h / t);
        let t_1 = t + clamp(h, 0.01f, 0.5f);
        v = v + 1u;
        result = result_2;
        t = t_1;
    }
    return saturate(result_1);
}

fn ambient_occlusion(p: vec3f, n: vec3f) -> f32 {
    var i: i32 = 0i;
    var v: u32 = 4u;
    var v_1: bool = true;
    var occlusion: f32 = 0.0f;
    var scale: f32 = 1.0f;
    var occlusion_1: f32;
    loop {
        if !v_1 {
            occlusion_1 = occlusion;
            break;
        }
        let step_length = 0.01f + 0.12f * f32(i) / 4.0f;
        let scene_1 = scene(p + n * step_length);
        let d = scene_1.distance_;
        let occlusion_2 = occlusion + (step_length - d) * scale;
        let scale_1 = scale * 0.95f;
        if occlusion_2 > 0.35f {
            occlusion_1 = occlusion_2;
            break;
        }
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        occlusion = occlusion_2;
        scale = scale_1;
    }
    return saturate(1.0f - 3.0f * occlusion_1);
}

fn material_color(material: i32, p: vec3f) -> vec3f {
    if material == 1i {
        let checker = (i32(floor(p.x)) + i32(floor(p.z))) & 1i;
        return select(vec3f(0.3f), vec3f(0.8f), checker == 0i);
    } else if material == 2i {
        return vec3f(0.9f, 0.3f, 0.2f);
    } else if material == 3i {
        return vec3f(0.6f, 0.6f, 0.7f);
    }
    return vec3f(0.0f);
}

@fragment
fn raymarch_fs(@builtin(position) frag: vec4f) -> RaymarchFsOutput {
    let uv = frag.xy / camera.resolution;
    let ndc = vec2f(uv.x * 2.0f - 1.0f, 1.0f - uv.y * 2.0f);
    let far_point = camera.inv_view_proj * vec4f(ndc, 1.0f, 1.0f);
    let position = camera.position;
    let origin = position.xyz;
    let direction = normalize(far_point.xyz / vec3f(far_point.w) - origin);
    let sky = mix(vec3f(0.7f, 0.8f, 1.0f), vec3f(0.2f, 0.4f, 0.8f), vec3f(saturate(direction.y)));
    let hit = march(origin, direction);
    if hit.material == 0i {
        return RaymarchFsOutput(vec4f(sky, 1.0f), 1.0f);
    }
    let p = origin + direction * hit.distance_;
    let n = scene_normal(p);
    let light_direction = camera.light_direction;
    let l = normalize(light_direction.xyz);
    let soft_shadow_1 = soft_shadow(p + n * 0.01f, l, 8.0f);
    let diffuse = max(dot(n, l), 0.0f) * soft_shadow_1;
    let ambient_occlusion_1 = ambient_occlusion(p, n);
    let ambient = 0.2f * ambient_occlusion_1;
    let material_color_1 = material_color(hit.material, p);
    let lit = material_color_1 * (diffuse + ambient);
    let fog = 1.0f - exp(-0.0008f * hit.distance_ * hit.distance_);
    return RaymarchFsOutput(vec4f(mix(lit, sky, vec3f(fog)), 1.0f), hit.distance_ / 100.0f);
}

@compute @workgroup_size(64, 1, 1)
fn query(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x;
    let t = arrayLength(&query_points);
    if i >= u32(i32(t)) {
        return;
    }
    let t_1 = query_points[min(i, arrayLength(&query_points) - 1u)];
    let p = t_1.xyz;
    let hit = scene(p);
    let scene_normal_1 = scene_normal(p);
    query_results[min(i, arrayLength(&query_results) - 1u)] = vec4f(scene_normal_1, hit.distance_);
}
