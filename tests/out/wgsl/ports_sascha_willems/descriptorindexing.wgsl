enable wgpu_binding_array;

struct Matrices {
    projection: mat4x4f,
    view: mat4x4f,
    model: mat4x4f,
}

struct VsOutput {
    @builtin(position) clip: vec4f,
    @location(0) uv: vec2f,
    @location(1) @interpolate(flat) tex_index: i32,
}

@group(0) @binding(0) var<uniform> matrices: Matrices;
@group(0) @binding(1) var textures: binding_array<texture_2d<f32>, 16>;
@group(0) @binding(2) var samp: sampler;

@vertex
fn vs(@location(0) pos: vec3f, @location(1) uv: vec2f, @location(2) texture_index: i32) -> VsOutput {
    return VsOutput(matrices.projection * matrices.view * matrices.model * vec4f(pos, 1.0f), uv, texture_index);
}

@fragment
fn fs(@location(0) uv: vec2f, @location(1) @interpolate(flat) tex_index: i32) -> @location(0) vec4f {
    let texel = textureSample(textures[min(u32(tex_index), 15u)], samp, uv);
    return texel;
}
