diagnostic(off, derivative_uniformity);

struct IoVsOutput {
    @builtin(position) pos: vec4f,
    @location(0) color: vec4f,
    @location(1) @interpolate(linear) screen: vec2f,
    @location(2) @interpolate(flat) id: u32,
    @location(3) @interpolate(flat) layer: i32,
    @location(4) weight: f32,
}

struct IoFsOutput {
    @location(0) color: vec4f,
    @location(2) normal: vec4f,
    @location(3) id: u32,
    @builtin(frag_depth) depth: f32,
    @builtin(sample_mask) mask: u32,
}

@group(0) @binding(0) var cutout_tex: texture_2d<f32>;
@group(0) @binding(1) var cutout_samp: sampler;

@vertex
fn io_vs(@builtin(vertex_index) vid: u32, @builtin(instance_index) iid: u32) -> IoVsOutput {
    let x = f32(vid & 1u) * 2.0f - 1.0f;
    let y = f32((vid >> 1u) & 1u) * 2.0f - 1.0f;
    return IoVsOutput(vec4f(x, y, 0.5f, 1.0f), vec4f(x, y, 0.0f, 1.0f), vec2f(x, y), iid, i32(vid) - 2i, 1.0f);
}

@fragment
fn io_fs(@builtin(position) frag: vec4f, @builtin(front_facing) front: bool, @builtin(sample_index) sample_id: u32, @builtin(sample_mask) mask_in: u32, @location(0) color: vec4f, @location(1) @interpolate(linear) screen: vec2f, @location(2) @interpolate(flat) id: u32, @location(3) @interpolate(flat) layer: i32, @location(4) weight: f32) -> IoFsOutput {
    if color.w < 0.01f {
        discard;
    }
    let facing = select(-1.0f, 1.0f, front);
    return IoFsOutput(color * weight, vec4f(screen, facing, f32(layer)), id + sample_id, frag.z * 0.5f, mask_in & 15u);
}

// @early_depth: WGSL cannot force early fragment tests
@fragment
fn alpha_test(@builtin(position) coord: vec4f, @location(0) color: vec4f) {
    let texel = textureSample(cutout_tex, cutout_samp, coord.xy / vec2f(256.0f));
    let a = texel.w * color.w;
    if a < 0.5f {
        discard;
    }
}
