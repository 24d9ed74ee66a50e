struct Surface {
    clip: vec4f,
    uv: vec2f,
}

struct VsOutput {
    @builtin(position) clip: vec4f,
    @location(0) uv: vec2f,
}

fn pixel_index(s: Surface) -> f32 {
    return floor(s.clip.x) + 4.0f * floor(s.clip.y);
}

@vertex
fn vs(@builtin(vertex_index) id: u32) -> VsOutput {
    let p = vec2f(f32((id << 1u) & 2u), f32(id & 2u));
    return VsOutput(vec4f(p * 2.0f - vec2f(1.0f), 0.5f, 1.0f), p);
}

@fragment
fn fs(@builtin(position) clip: vec4f, @location(0) uv: vec2f) -> @location(0) vec4f {
    let s = Surface(clip, uv);
    let pixel_index_1 = pixel_index(s);
    return vec4f(uv, pixel_index_1, 1.0f);
}

@fragment
fn fs2(@location(0) uv: vec2f) -> @location(0) vec4f {
    return vec4f(uv, 0.0f, 1.0f);
}
