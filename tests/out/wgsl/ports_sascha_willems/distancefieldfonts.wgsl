diagnostic(off, derivative_uniformity);

struct Ubo {
    projection: mat4x4f,
    model: mat4x4f,
    outline_color: vec4f,
    outline_width: f32,
    outline: f32,
}

struct VsOutput {
    @builtin(position) clip: vec4f,
    @location(0) uv: vec2f,
}

@group(0) @binding(0) var<uniform> ubo: Ubo;
@group(0) @binding(1) var sampler_color_tex: texture_2d<f32>;
@group(0) @binding(2) var sampler_color_samp: sampler;

@vertex
fn vs(@location(0) pos: vec3f, @location(1) uv: vec2f) -> VsOutput {
    return VsOutput(ubo.projection * ubo.model * vec4f(pos, 1.0f), uv);
}

@fragment
fn fs(@location(0) uv: vec2f) -> @location(0) vec4f {
    let texel = textureSample(sampler_color_tex, sampler_color_samp, uv);
    let distance_ = texel.w;
    let smooth_width = fwidth(distance_);
    let alpha = smoothstep(0.5f - smooth_width, 0.5f + smooth_width, distance_);
    let rgb = vec3f(alpha);
    var alpha_1: f32 = alpha;
    var rgb_1: vec3f = rgb;
    if ubo.outline > 0.0f {
        let w = 1.0f - ubo.outline_width;
        let alpha_2 = smoothstep(w - smooth_width, w + smooth_width, distance_);
        let outline_color = ubo.outline_color;
        alpha_1 = alpha_2;
        rgb_1 = rgb + mix(vec3f(alpha_2), outline_color.xyz, vec3f(alpha_2));
    }
    return vec4f(rgb_1, alpha_1);
}
