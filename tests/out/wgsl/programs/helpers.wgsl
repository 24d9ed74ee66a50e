struct Params {
    time: f32,
    exposure: f32,
    hue_shift: f32,
    rotation: vec4f,
    count: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> samples: array<vec4f>;

// GLSL-style `mod`: x - y * floor(x / y).
fn luma_mod_f32(x: f32, y: f32) -> f32 {
    return x - y * floor(x / y);
}

fn remap(x: f32, a: f32, b: f32, c: f32, d: f32) -> f32 {
    return c + (x - a) * (d - c) / (b - a);
}

fn remap01(x: f32, a: f32, b: f32) -> f32 {
    let remap_1 = remap(x, a, b, 0.0f, 1.0f);
    return saturate(remap_1);
}

fn srgb_to_linear1(c: f32) -> f32 {
    return select(pow((c + 0.055f) / 1.055f, 2.4f), c / 12.92f, c <= 0.04045f);
}

fn srgb_to_linear(c: vec3f) -> vec3f {
    let srgb_to_linear1_1 = srgb_to_linear1(c.x);
    let srgb_to_linear1_2 = srgb_to_linear1(c.y);
    let srgb_to_linear1_3 = srgb_to_linear1(c.z);
    return vec3f(srgb_to_linear1_1, srgb_to_linear1_2, srgb_to_linear1_3);
}

fn linear_to_srgb1(c: f32) -> f32 {
    return select(1.055f * pow(c, 0.41666666f) - 0.055f, c * 12.92f, c <= 0.0031308f);
}

fn linear_to_srgb(c: vec3f) -> vec3f {
    let linear_to_srgb1_1 = linear_to_srgb1(c.x);
    let linear_to_srgb1_2 = linear_to_srgb1(c.y);
    let linear_to_srgb1_3 = linear_to_srgb1(c.z);
    return vec3f(linear_to_srgb1_1, linear_to_srgb1_2, linear_to_srgb1_3);
}

fn max3(v: vec3f) -> f32 {
    return max(v.x, max(v.y, v.z));
}

fn min3(v: vec3f) -> f32 {
    return min(v.x, min(v.y, v.z));
}

fn rgb_to_hsv(c: vec3f) -> vec3f {
    let hi = max3(c);
    let lo = min3(c);
    let delta = hi - lo;
    var h: f32 = 0.0f;
    if delta > 1e-6f {
        var h_1: f32;
        if hi == c.x {
            h_1 = luma_mod_f32((c.y - c.z) / delta, 6.0f);
        } else if hi == c.y {
            h_1 = (c.z - c.x) / delta + 2.0f;
        } else {
            h_1 = (c.x - c.y) / delta + 4.0f;
        }
        h = h_1;
    }
    let s = select(0.0f, delta / hi, hi > 1e-6f);
    return vec3f(h / 6.0f, s, hi);
}

fn hsv_to_rgb(c: vec3f) -> vec3f {
    let p = abs(fract(vec3f(c.x) + vec3f(1.0f, 0.6666667f, 0.33333334f)) * 6.0f - vec3f(3.0f));
    return mix(vec3f(1.0f), saturate(p - vec3f(1.0f)), vec3f(c.y)) * c.z;
}

fn shift_hue(c: vec3f, amount: f32) -> vec3f {
    let hsv = rgb_to_hsv(c);
    var hsv_1: vec3f = hsv;
    hsv_1.x = fract(hsv.x + amount);
    let hsv_to_rgb_1 = hsv_to_rgb(hsv_1);
    return hsv_to_rgb_1;
}

fn rotate2(v: vec2f, angle: f32) -> vec2f {
    let s = sin(angle);
    let c = cos(angle);
    return vec2f(c * v.x - s * v.y, s * v.x + c * v.y);
}

fn quat_conjugate(q: vec4f) -> vec4f {
    return vec4f(-q.xyz, q.w);
}

fn quat_mul(a: vec4f, b: vec4f) -> vec4f {
    return vec4f(b.xyz * a.w + a.xyz * b.w + cross(a.xyz, b.xyz), a.w * b.w - dot(a.xyz, b.xyz));
}

fn quat_rotate(q: vec4f, v: vec3f) -> vec3f {
    let quat_mul_1 = quat_mul(q, vec4f(v, 0.0f));
    let quat_conjugate_1 = quat_conjugate(q);
    let quat_mul_2 = quat_mul(quat_mul_1, quat_conjugate_1);
    return quat_mul_2.xyz;
}

fn spherical_to_cartesian(theta: f32, phi: f32) -> vec3f {
    return vec3f(sin(theta) * cos(phi), cos(theta), sin(theta) * sin(phi));
}

fn safe_normalize(v: vec3f) -> vec3f {
    let len_sq = dot(v, v);
    return select(vec3f(0.0f, 0.0f, 1.0f), v * inverseSqrt(len_sq), len_sq > 1e-6f);
}

fn cartesian_to_spherical(v: vec3f) -> vec2f {
    let n = safe_normalize(v);
    return vec2f(acos(clamp(n.y, -1.0f, 1.0f)), atan2(n.z, n.x));
}

fn equirect_uv(dir: vec3f) -> vec2f {
    let s = cartesian_to_spherical(dir);
    return vec2f(s.y / 6.2831855f + 0.5f, s.x / 3.1415927f);
}

fn sq(x: f32) -> f32 {
    return x * x;
}

fn cube(x: f32) -> f32 {
    let sq_1 = sq(x);
    return x * sq_1;
}

fn ease_in_out_cubic(t: f32) -> f32 {
    var v: f32;
    if t < 0.5f {
        let cube_1 = cube(t);
        v = 4.0f * cube_1;
    } else {
        let cube_2 = cube(-2.0f * t + 2.0f);
        v = 1.0f - cube_2 * 0.5f;
    }
    return v;
}

fn ease_out_elastic(t: f32) -> f32 {
    if t <= 0.0f || t >= 1.0f {
        return saturate(t);
    }
    return pow(2.0f, -10.0f * t) * sin((t * 10.0f - 0.75f) * 6.2831855f / 3.0f) + 1.0f;
}

fn luminance(c: vec3f) -> f32 {
    return dot(c, vec3f(0.2126f, 0.7152f, 0.0722f));
}

fn tonemap_reinhard(c: vec3f) -> vec3f {
    let l = luminance(c);
    return c / vec3f(1.0f + l);
}

fn expose(c: vec3f) -> vec3f {
    return c * exp2(params.exposure);
}

fn quat_from_axis_angle(axis: vec3f, angle: f32) -> vec4f {
    let safe_normalize_1 = safe_normalize(axis);
    return vec4f(safe_normalize_1 * sin(angle * 0.5f), cos(angle * 0.5f));
}

fn quat_to_mat3(q: vec4f) -> mat3x3f {
    let x = q.x;
    let y = q.y;
    let z = q.z;
    let w = q.w;
    return mat3x3f(vec3f(1.0f - 2.0f * (y * y + z * z), 2.0f * (x * y + w * z), 2.0f * (x * z - w * y)), vec3f(2.0f * (x * y - w * z), 1.0f - 2.0f * (x * x + z * z), 2.0f * (y * z + w * x)), vec3f(2.0f * (x * z + w * y), 2.0f * (y * z - w * x), 1.0f - 2.0f * (x * x + y * y)));
}

fn hammersley(i: u32, n: u32) -> vec2f {
    return vec2f(f32(i) / f32(n), f32(reverseBits(i)) * 2.3283064e-10f);
}

fn hemisphere_cosine(u: vec2f) -> vec3f {
    let r = sqrt(u.x);
    let phi = 6.2831855f * u.y;
    return vec3f(r * cos(phi), r * sin(phi), sqrt(max(0.0f, 1.0f - u.x)));
}

@fragment
fn present(@location(0) uv: vec2f) -> @location(0) vec4f {
    let centred = rotate2(uv - vec2f(0.5f), params.time * 0.1f);
    let spherical_to_cartesian_1 = spherical_to_cartesian(centred.y * 3.1415927f + 1.5707964f, centred.x * 6.2831855f);
    let dir = quat_rotate(params.rotation, spherical_to_cartesian_1);
    let env_uv = equirect_uv(dir);
    let ease_in_out_cubic_1 = ease_in_out_cubic(fract(params.time));
    let base = srgb_to_linear(vec3f(env_uv, ease_in_out_cubic_1));
    let expose_1 = expose(base);
    let tonemap_reinhard_1 = tonemap_reinhard(expose_1);
    let graded = shift_hue(tonemap_reinhard_1, params.hue_shift);
    let remap01_1 = remap01(sin(params.time), -1.0f, 1.0f);
    let pulse = ease_out_elastic(remap01_1);
    let linear_to_srgb_1 = linear_to_srgb(graded * (0.8f + 0.2f * pulse));
    return vec4f(linear_to_srgb_1, 1.0f);
}

@compute @workgroup_size(64, 1, 1)
fn generate_samples(@builtin(global_invocation_id) id: vec3u) {
    if id.x >= params.count {
        return;
    }
    let u = hammersley(id.x, params.count);
    let local_dir = hemisphere_cosine(u);
    let q = quat_from_axis_angle(vec3f(1.0f, 0.0f, 0.0f), 1.5707964f);
    let quat_to_mat3_1 = quat_to_mat3(q);
    let world = quat_to_mat3_1 * local_dir;
    let sq_1 = sq(local_dir.z);
    samples[min(id.x, arrayLength(&samples) - 1u)] = vec4f(world, sq_1);
}
