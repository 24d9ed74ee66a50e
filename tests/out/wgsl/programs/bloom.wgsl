struct BloomParams {
    src_texel: vec2f,
    threshold: f32,
    knee: f32,
    filter_radius: f32,
    intensity: f32,
    first_mip: i32,
    mip_count: i32,
}

struct FullscreenVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) uv: vec2f,
}

var<immediate> params: BloomParams;
@group(0) @binding(0) var source_tex: texture_2d<f32>;
@group(0) @binding(1) var source_samp: sampler;
@group(0) @binding(2) var current_tex: texture_2d<f32>;
@group(0) @binding(3) var current_samp: sampler;

fn luminance(c: vec3f) -> f32 {
    return dot(c, vec3f(0.2126f, 0.7152f, 0.0722f));
}

fn karis_weight(c: vec3f) -> f32 {
    let luminance_1 = luminance(c);
    return 1.0f / (1.0f + luminance_1);
}

fn prefilter(c: vec3f) -> vec3f {
    let brightness = max(c.x, max(c.y, c.z));
    let soft = clamp(brightness - params.threshold + params.knee, 0.0f, 2.0f * params.knee);
    let soft_1 = soft * soft / (4.0f * params.knee + 1e-5f);
    let contribution = max(soft_1, brightness - params.threshold) / max(brightness, 1e-5f);
    return c * contribution;
}

fn tap(uv: vec2f, dx: f32, dy: f32) -> vec3f {
    let texel = textureSampleLevel(source_tex, source_samp, uv + vec2f(dx, dy) * params.src_texel, 0.0f);
    return texel.xyz;
}

@vertex
fn fullscreen_vs(@builtin(vertex_index) id: u32) -> FullscreenVsOutput {
    let uv = vec2f(f32((id << 1u) & 2u), f32(id & 2u));
    return FullscreenVsOutput(vec4f(uv.x * 2.0f - 1.0f, 1.0f - uv.y * 2.0f, 0.0f, 1.0f), uv);
}

@fragment
fn downsample_fs(@location(0) uv: vec2f) -> @location(0) vec4f {
    var boxes: array<vec3f, 5>;
    var box_weights: array<f32, 5>;
    let a = tap(uv, -2.0f, 2.0f);
    let b = tap(uv, 0.0f, 2.0f);
    let c = tap(uv, 2.0f, 2.0f);
    let d = tap(uv, -2.0f, 0.0f);
    let e = tap(uv, 0.0f, 0.0f);
    let f = tap(uv, 2.0f, 0.0f);
    let g = tap(uv, -2.0f, -2.0f);
    let h = tap(uv, 0.0f, -2.0f);
    let i = tap(uv, 2.0f, -2.0f);
    let j = tap(uv, -1.0f, 1.0f);
    let k = tap(uv, 1.0f, 1.0f);
    let l = tap(uv, -1.0f, -1.0f);
    let m = tap(uv, 1.0f, -1.0f);
    var result: vec3f;
    if params.first_mip != 0i {
        boxes = array<vec3f, 5>((a + b + d + e) * 0.25f, (b + c + e + f) * 0.25f, (d + e + g + h) * 0.25f, (e + f + h + i) * 0.25f, (j + k + l + m) * 0.25f);
        box_weights = array<f32, 5>(0.125f, 0.125f, 0.125f, 0.125f, 0.5f);
        var n: i32 = 0i;
        var v: u32 = 4u;
        var v_1: bool = true;
        var result_1: vec3f = vec3f(0.0f);
        var total_weight: f32 = 0.0f;
        var result_2: vec3f;
        var total_weight_1: f32;
        loop {
            if !v_1 {
                result_2 = result_1;
                total_weight_1 = total_weight;
                break;
            }
            let t = box_weights[n];
            let t_1 = boxes[n];
            let karis_weight_1 = karis_weight(t_1);
            let w = t * karis_weight_1;
            let t_2 = boxes[n];
            let prefilter_1 = prefilter(t_2);
            let result_3 = result_1 + prefilter_1 * w;
            let total_weight_2 = total_weight + w;
            let next_v = v != 0u;
            n = n + 1i;
            v = v - 1u;
            v_1 = next_v;
            result_1 = result_3;
            total_weight = total_weight_2;
        }
        result = result_2 / vec3f(max(total_weight_1, 0.0001f));
    } else {
        let result_4 = e * 0.125f;
        let result_5 = result_4 + (a + c + g + i) * 0.03125f;
        let result_6 = result_5 + (b + d + f + h) * 0.0625f;
        result = result_6 + (j + k + l + m) * 0.125f;
    }
    return vec4f(max(result, vec3f(0.0f)), 1.0f);
}

@fragment
fn upsample_fs(@location(0) uv: vec2f) -> @location(0) vec4f {
    let r = params.filter_radius;
    let tap_1 = tap(uv, -r, r);
    let tap_2 = tap(uv, r, r);
    let tap_3 = tap(uv, -r, -r);
    let tap_4 = tap(uv, r, -r);
    let up = tap_1 + tap_2 + tap_3 + tap_4;
    let tap_5 = tap(uv, 0.0f, r);
    let tap_6 = tap(uv, -r, 0.0f);
    let tap_7 = tap(uv, r, 0.0f);
    let tap_8 = tap(uv, 0.0f, -r);
    let up_1 = up + (tap_5 + tap_6 + tap_7 + tap_8) * 2.0f;
    let tap_9 = tap(uv, 0.0f, 0.0f);
    let up_2 = up_1 + tap_9 * 4.0f;
    let up_3 = up_2 * 0.0625f;
    let base = textureSampleLevel(current_tex, current_samp, uv, 0.0f);
    let strength = params.intensity / f32(max(params.mip_count, 1i));
    return vec4f(base.xyz + up_3 * strength, base.w);
}
