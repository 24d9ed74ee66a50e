struct VsOutput {
    @builtin(position) clip: vec4f,
    @location(0) va: vec4f,
    @location(1) vb: vec4f,
    @location(2) @interpolate(linear) screen: vec2f,
    @location(3) @interpolate(flat) line: i32,
    @location(4) @interpolate(flat) vin1: vec4i,
}

struct FsOutput {
    @location(0) color: vec4f,
    @location(1) extra: vec2f,
    @builtin(sample_mask) mask: u32,
    @builtin(frag_depth) depth: f32,
}

@group(0) @binding(0) var tex_tex: texture_2d<f32>;

@vertex
fn vs(@builtin(vertex_index) vi: u32, @builtin(instance_index) ii: u32) -> VsOutput {
    let uv = vec2f(f32((vi << 1u) & 2u), f32(vi & 2u));
    return VsOutput(vec4f(uv * 2.0f - vec2f(1.0f), 0.0f, 1.0f), vec4f(uv, 0.0f, 1.0f), vec4f(vec2f(1.0f) - uv, f32(ii), 1.0f), uv, i32(vi), vec4i(i32(vi), i32(ii), -1i, 7i));
}

@fragment
fn fs(@builtin(position) clip: vec4f, @location(0) va: vec4f, @location(1) vb: vec4f, @location(2) @interpolate(linear) screen: vec2f, @location(3) @interpolate(flat) line: i32, @location(4) @interpolate(flat) vin1: vec4i, @builtin(front_facing) facing: bool, @builtin(sample_index) sid: u32, @builtin(sample_mask) mask_in: u32) -> FsOutput {
    let c = select(vb, va, facing);
    let p = vec2i(clip.xy);
    let c_1 = c + textureLoad(tex_tex, p + vec2i(1i), 0i);
    let c_2 = c_1 + textureLoad(tex_tex, p + vec2i(-1i, 1i), 0i);
    let c_3 = c_2 + -(-vb);
    let a = ~(~vin1);
    let bools1 = !vec2<bool>(screen.x == 0.0f, screen.y == 0.0f);
    let bools2 = screen <= vec2f(1.5f, 0.5f);
    let e = vec2f(select(0.0f, 1.0f, bools1.x), select(0.0f, 1.0f, bools2.x && true));
    let m = select(vec2f(0.0f, 1.0f), vec2f(1.0f, 0.0f), screen.x > screen.y);
    return FsOutput(c_3 + vec4f(a) * 0.01f, e + m + vec2f(f32(mask_in)) + vec2f(f32(sid)) + vec2f(f32(line)), mask_in & 1u, saturate(clip.z * 0.5f));
}
