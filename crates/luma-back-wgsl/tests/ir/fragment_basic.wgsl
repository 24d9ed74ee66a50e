diagnostic(off, derivative_uniformity);

struct Material {
    tint: vec4f,
    cutoff: f32,
}

struct FsMainOutput {
    @location(0) color: vec4f,
    @builtin(frag_depth) depth: f32,
}

@group(0) @binding(0) var<uniform> material: Material;
@group(1) @binding(0) var albedo_tex: texture_2d<f32>;
@group(1) @binding(1) var albedo_samp: sampler;

@fragment
fn fs_main(@location(0) uv: vec2f, @location(1) @interpolate(flat) id: u32, @location(2) @interpolate(linear) fade: f32, @builtin(position) frag: vec4f) -> FsMainOutput {
    let texel = textureSample(albedo_tex, albedo_samp, uv);
    let tint = material.tint;
    let cutoff = material.cutoff;
    let t = texel * tint;
    if t.w < cutoff {
        discard;
    }
    return FsMainOutput(t * fade, frag.z * 0.5f);
}
