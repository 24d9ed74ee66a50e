struct Frame {
    view_proj: mat4x4f,
    exposure: f32,
    erosion: f32,
    grid: i32,
    _pad: i32,
}

struct TerrainOutput {
    @builtin(position) clip: vec4f,
    @location(0) @interpolate(flat) cell: vec2i,
    @location(1) height: f32,
}

@group(0) @binding(0) var hdr: texture_storage_2d<rgba16float, read>;
@group(0) @binding(0) var hdr_write: texture_storage_2d<rgba16float, write>;
@group(0) @binding(1) var height: texture_storage_2d<r32float, read_write>;
@group(0) @binding(1) var height_read: texture_storage_2d<r32float, read>;
@group(0) @binding(2) var<uniform> frame: Frame;

fn texel_in(p: vec2i) -> vec2i {
    return clamp(p, vec2i(0i), vec2i(frame.grid - 1i));
}

fn height_at(p: vec2i) -> f32 {
    let texel_in_1 = texel_in(p);
    let texel = textureLoad(height, texel_in_1);
    return texel.x;
}

fn height_cell(vi: u32) -> vec2i {
    let size = vec2i(textureDimensions(height_read));
    return vec2i(i32(vi) % size.x, i32(vi) / size.x);
}

fn height_at_1(p: vec2i) -> f32 {
    let texel_in_1 = texel_in(p);
    let texel = textureLoad(height_read, texel_in_1);
    return texel.x;
}

@compute @workgroup_size(8, 8, 1)
fn simulate(@builtin(global_invocation_id) gid: vec3u) {
    let p = vec2i(gid.xy);
    let q = texel_in(p);
    if any(q != p) {
        return;
    }
    let texel = textureLoad(height, p);
    let h = texel.x;
    let height_at_2 = height_at(p + vec2i(1i, 0i));
    let height_at_3 = height_at(p - vec2i(1i, 0i));
    let around = height_at_2 + height_at_3;
    let eroded = mix(h, around * 0.5f, frame.erosion);
    textureStore(height, p, vec4f(eroded));
    textureStore(hdr_write, p, vec4f(eroded, h, around, 1.0f));
}

@vertex
fn terrain(@builtin(vertex_index) vi: u32) -> TerrainOutput {
    let height_cell_1 = height_cell(vi);
    let cell = texel_in(height_cell_1);
    let h = height_at_1(cell);
    let world = vec4f(f32(cell.x), h, f32(cell.y), 1.0f);
    return TerrainOutput(frame.view_proj * world, cell, h);
}

@fragment
fn shade(@location(0) @interpolate(flat) cell: vec2i, @location(1) height_1: f32) -> @location(0) vec4f {
    let texel_in_1 = texel_in(cell);
    let texel = textureLoad(hdr, texel_in_1);
    let lit = texel.xyz * frame.exposure;
    return vec4f(lit + vec3f(height_1 * 0.01f), 1.0f);
}
