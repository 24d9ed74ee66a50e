struct TaaParams {
    jitter: vec2f,
    feedback_min: f32,
    feedback_max: f32,
    resolution: vec2i,
    inv_resolution: vec2f,
    reset: u32,
}

@group(0) @binding(0) var color_tex: texture_2d<f32>;
@group(0) @binding(1) var history_tex: texture_2d<f32>;
@group(0) @binding(2) var motion_tex: texture_2d<f32>;
@group(0) @binding(3) var depth_tex: texture_depth_2d;
@group(0) @binding(4) var linear_clamp: sampler;
@group(0) @binding(5) var point_clamp: sampler;
@group(0) @binding(6) var resolved: texture_storage_2d<rgba16float, write>;
var<immediate> taa: TaaParams;

fn rgb_to_ycocg(c: vec3f) -> vec3f {
    return vec3f(dot(c, vec3f(0.25f, 0.5f, 0.25f)), dot(c, vec3f(0.5f, 0.0f, -0.5f)), dot(c, vec3f(-0.25f, 0.5f, -0.25f)));
}

fn ycocg_to_rgb(c: vec3f) -> vec3f {
    return vec3f(c.x + c.y - c.z, c.x + c.z, c.x - c.y - c.z);
}

fn clip_aabb(lo: vec3f, hi: vec3f, p: vec3f, q: vec3f) -> vec3f {
    let center = (hi + lo) * 0.5f;
    let extent = (hi - lo) * 0.5f + vec3f(0.0001f);
    let v = q - center;
    let unit = abs(v / extent);
    let m = max(unit.x, max(unit.y, unit.z));
    return select(q, center + v / vec3f(m), m > 1.0f);
}

@compute @workgroup_size(8, 8, 1)
fn resolve(@builtin(global_invocation_id) gid: vec3u) {
    var local: array<vec2i, 9> = array<vec2i, 9>(vec2i(-1i), vec2i(0i, -1i), vec2i(1i, -1i), vec2i(-1i, 0i), vec2i(0i), vec2i(1i, 0i), vec2i(-1i, 1i), vec2i(0i, 1i), vec2i(1i));
    var local_1: array<vec2i, 9> = array<vec2i, 9>(vec2i(-1i), vec2i(0i, -1i), vec2i(1i, -1i), vec2i(-1i, 0i), vec2i(0i), vec2i(1i, 0i), vec2i(-1i, 1i), vec2i(0i, 1i), vec2i(1i));
    let p = vec2i(gid.xy);
    if p.x >= taa.resolution.x || p.y >= taa.resolution.y {
        return;
    }
    let uv = (vec2f(p) + vec2f(0.5f)) * taa.inv_resolution;
    var i: i32 = 0i;
    var v: u32 = 8u;
    var v_1: bool = true;
    var lo: vec3f = vec3f(1e30f);
    var hi: vec3f = vec3f(-1e30f);
    var m1: vec3f = vec3f(0.0f);
    var m2: vec3f = vec3f(0.0f);
    var closest_depth: f32 = 1.0f;
    var closest: vec2i = vec2i(0i);
    var lo_1: vec3f;
    var hi_1: vec3f;
    var m1_1: vec3f;
    var m2_1: vec3f;
    var closest_1: vec2i;
    loop {
        if !v_1 {
            lo_1 = lo;
            hi_1 = hi;
            m1_1 = m1;
            m2_1 = m2;
            closest_1 = closest;
            break;
        }
        let t = local[i];
        let q = clamp(p + t, vec2i(0i), taa.resolution - vec2i(1i));
        let texel = textureLoad(color_tex, q, 0i);
        let c = rgb_to_ycocg(texel.xyz);
        let lo_2 = min(lo, c);
        let hi_2 = max(hi, c);
        let m1_2 = m1 + c;
        let m2_2 = m2 + c * c;
        let d = textureLoad(depth_tex, q, 0i);
        var closest_depth_1: f32 = closest_depth;
        var closest_2: vec2i = closest;
        if d < closest_depth {
            let closest_3 = local_1[i];
            closest_depth_1 = d;
            closest_2 = closest_3;
        }
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        lo = lo_2;
        hi = hi_2;
        m1 = m1_2;
        m2 = m2_2;
        closest_depth = closest_depth_1;
        closest = closest_2;
    }
    let mean = m1_1 / vec3f(9.0f);
    let sigma = sqrt(max(m2_1 / vec3f(9.0f) - mean * mean, vec3f(0.0f)));
    let lo_3 = max(lo_1, mean - sigma * 1.25f);
    let hi_3 = min(hi_1, mean + sigma * 1.25f);
    let texel_1 = textureSampleLevel(motion_tex, point_clamp, uv + vec2f(closest_1) * taa.inv_resolution, 0.0f);
    let motion = texel_1.xy;
    let prev_uv = uv - motion;
    let texel_2 = textureLoad(color_tex, p, 0i);
    let current = rgb_to_ycocg(texel_2.xyz);
    let texel_3 = textureSampleLevel(history_tex, linear_clamp, prev_uv, 0.0f);
    let history = rgb_to_ycocg(texel_3.xyz);
    let history_1 = clip_aabb(lo_3, hi_3, current, history);
    let offscreen = any(prev_uv < vec2f(0.0f)) || any(prev_uv > vec2f(1.0f));
    let lum_diff = abs(current.x - history_1.x) / max(current.x, max(history_1.x, 0.2f));
    let feedback = mix(taa.feedback_max, taa.feedback_min, lum_diff * lum_diff);
    var feedback_1: f32 = feedback;
    if offscreen || taa.reset != 0u {
        feedback_1 = 0.0f;
    }
    let result = ycocg_to_rgb(mix(current, history_1, vec3f(feedback_1)));
    textureStore(resolved, p, vec4f(result, 1.0f));
}
