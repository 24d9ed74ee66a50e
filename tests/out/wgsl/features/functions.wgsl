struct Scene {
    sphere: vec4f,
    transform: mat4x4f,
    tint: vec4f,
}

struct Ray {
    origin: vec3f,
    dir: vec3f,
}

struct Hit {
    t: f32,
    normal: vec3f,
    hit: bool,
}

@group(0) @binding(0) var<uniform> scene: Scene;
@group(0) @binding(1) var<storage, read_write> hits: array<vec4f>;

fn intersect(ray: Ray, sphere: vec4f) -> Hit {
    let oc = ray.origin - sphere.xyz;
    let b = dot(oc, ray.dir);
    let c = dot(oc, oc) - sphere.w * sphere.w;
    let disc = b * b - c;
    if disc < 0.0f {
        return Hit(-1.0f, vec3f(0.0f), false);
    }
    let t = -b - sqrt(disc);
    if t < 0.0f {
        return Hit(-1.0f, vec3f(0.0f), false);
    }
    let p = ray.origin + ray.dir * t;
    return Hit(t, normalize(p - sphere.xyz), true);
}

fn shade_ray(ray: Ray) -> vec4f {
    let hit = intersect(ray, scene.sphere);
    if !hit.hit {
        return vec4f(0.0f);
    }
    return vec4f(hit.normal * 0.5f + vec3f(0.5f), hit.t);
}

fn scaled(v: vec3f, factor: f32) -> vec3f {
    let factor_1 = factor * 2.0f;
    let v_1 = v * factor_1;
    return v_1;
}

fn sum4(values: array<f32, 4>) -> f32 {
    var values_1: array<f32, 4> = values;
    values_1[0] = values[0] + values[1];
    return values_1[0] + values_1[2] + values_1[3];
}

fn transform_point(m: mat4x4f, p: vec3f) -> vec3f {
    let h = m * vec4f(p, 1.0f);
    return h.xyz / vec3f(h.w);
}

fn record(index: u32, value: vec4f) {
    let t = arrayLength(&hits);
    if index >= u32(i32(t)) {
        return;
    }
    hits[min(index, arrayLength(&hits) - 1u)] = value;
}

@compute @workgroup_size(8, 8, 1)
fn trace(@builtin(global_invocation_id) gid: vec3u) {
    let uv = vec2f(gid.xy) / vec2f(64.0f);
    let origin = transform_point(scene.transform, vec3f(0.0f, 0.0f, -3.0f));
    let ray = Ray(origin, normalize(vec3f(uv * 2.0f - vec2f(1.0f), 1.0f)));
    let shade_ray_1 = shade_ray(ray);
    let color = shade_ray_1 * scene.tint;
    let s = sum4(array<f32, 4>(color.x, color.y, color.z, color.w));
    let scaled_1 = scaled(color.xyz, 0.5f);
    record(gid.y * 64u + gid.x, vec4f(scaled_1, s));
}

@vertex
fn fullscreen() -> @builtin(position) vec4f {
    let transform_point_1 = transform_point(scene.transform, vec3f(0.0f));
    return vec4f(transform_point_1, 1.0f);
}

@fragment
fn flat_color() -> @location(0) vec4f {
    let tint = scene.tint;
    let transform_point_1 = transform_point(scene.transform, tint.xyz);
    return vec4f(transform_point_1, 1.0f);
}
