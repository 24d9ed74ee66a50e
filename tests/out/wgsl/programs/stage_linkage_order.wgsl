struct VsOutput {
    @location(1) normal: vec3f,
    @location(0) uv: vec2f,
    @location(2) @interpolate(flat) id: u32,
    @builtin(position) clip: vec4f,
}

struct FsOutput {
    @location(0) color: vec4f,
    @location(2) mask: u32,
    @location(4) sign_: vec2i,
}

@vertex
fn vs(@builtin(vertex_index) vid: u32, @location(3) offset: vec2i, @builtin(instance_index) iid: u32, @location(1) corner: vec2f, @location(5) tag: u32) -> VsOutput {
    let p = corner + vec2f(offset) * 0.25f;
    return VsOutput(vec3f(0.0f, 0.0f, 1.0f), p * 0.5f + vec2f(0.5f), tag + vid * 16u + iid, vec4f(p, 0.5f, 1.0f));
}

@fragment
fn fs(@builtin(front_facing) front: bool, @location(2) @interpolate(flat) id: u32, @location(1) normal: vec3f, @location(0) uv: vec2f) -> FsOutput {
    let facing = select(0.5f, 1.0f, front);
    return FsOutput(vec4f(uv, normal.z * facing, 1.0f), id, vec2i(i32(id) - 8i, -i32(id)));
}
