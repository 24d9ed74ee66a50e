diagnostic(off, derivative_uniformity);

struct Tonemap {
    exposure: f32,
    gamma: f32,
    mode: u32,
    white_point: f32,
}

struct FullscreenVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) uv: vec2f,
}

var<immediate> tm: Tonemap;
@group(0) @binding(0) var hdr_tex: texture_2d<f32>;
@group(0) @binding(1) var hdr_samp: sampler;

fn aces(x: vec3f) -> vec3f {
    return clamp(x * (x * 2.51f + vec3f(0.03f)) / (x * (x * 2.43f + vec3f(0.59f)) + vec3f(0.14f)), vec3f(0.0f), vec3f(1.0f));
}

fn hable(x: vec3f) -> vec3f {
    return (x * (x * 0.15f + vec3f(0.05f)) + vec3f(0.004f)) / (x * (x * 0.15f + vec3f(0.5f)) + vec3f(0.060000002f)) - vec3f(0.06666666f);
}

@vertex
fn fullscreen_vs(@builtin(vertex_index) id: u32) -> FullscreenVsOutput {
    let uv = vec2f(f32((id << 1u) & 2u), f32(id & 2u));
    return FullscreenVsOutput(vec4f(uv.x * 2.0f - 1.0f, 1.0f - uv.y * 2.0f, 0.0f, 1.0f), uv);
}

@fragment
fn tonemap_fs(@location(0) uv: vec2f) -> @location(0) vec4f {
    let texel = textureSample(hdr_tex, hdr_samp, uv);
    let hdr_color = texel.xyz * tm.exposure;
    var mapped: vec3f;
    if tm.mode == 0u {
        mapped = hdr_color / (hdr_color + vec3f(1.0f));
    } else if tm.mode == 1u {
        let mapped_1 = aces(hdr_color);
        mapped = mapped_1;
    } else {
        let hable_1 = hable(hdr_color * 2.0f);
        let hable_2 = hable(vec3f(tm.white_point));
        mapped = hable_1 / hable_2;
    }
    let mapped_2 = pow(mapped, vec3f(1.0f / tm.gamma));
    return vec4f(mapped_2, 1.0f);
}
