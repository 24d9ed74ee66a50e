diagnostic(off, derivative_uniformity);

struct Ubo {
    radial_blur_scale: f32,
    radial_blur_strength: f32,
    radial_origin: vec2f,
}

struct VsOutput {
    @builtin(position) pos: vec4f,
    @location(0) uv: vec2f,
}

@group(0) @binding(0) var<uniform> ubo: Ubo;
@group(0) @binding(1) var sampler_color_tex: texture_2d<f32>;
@group(0) @binding(2) var sampler_color_samp: sampler;

@vertex
fn vs(@builtin(vertex_index) vi: u32) -> VsOutput {
    let uv = vec2f(f32((vi << 1u) & 2u), f32(vi & 2u));
    return VsOutput(vec4f(uv * 2.0f - vec2f(1.0f), 0.0f, 1.0f), uv);
}

@fragment
fn fs(@location(0) uv: vec2f) -> @location(0) vec4f {
    let tex_dim = vec2i(textureDimensions(sampler_color_tex));
    let radial_size = vec2f(1.0f / f32(tex_dim.x), 1.0f / f32(tex_dim.y));
    let p = uv + radial_size * 0.5f - ubo.radial_origin;
    var i: i32 = 0i;
    var v: u32 = 31u;
    var v_1: bool = true;
    var color: vec4f = vec4f(0.0f);
    var color_1: vec4f;
    loop {
        if !v_1 {
            color_1 = color;
            break;
        }
        let scale = 1.0f - ubo.radial_blur_scale * (f32(i) / 31.0f);
        let texel = textureSample(sampler_color_tex, sampler_color_samp, p * scale + ubo.radial_origin);
        let color_2 = color + texel;
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        color = color_2;
    }
    return color_1 / vec4f(32.0f) * ubo.radial_blur_strength;
}
