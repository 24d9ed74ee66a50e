struct Uniforms {
    model: mat4x4f,
    view_proj: mat4x4f,
    normal_mat: mat4x4f,
}

struct FromAttributesOutput {
    @builtin(position) position: vec4f,
    @location(0) uv: vec2f,
}

struct FromBufferOutput {
    @builtin(position) position: vec4f,
    @location(0) uv: vec2f,
}

@group(0) @binding(0) var<uniform> uniforms: Uniforms;
@group(0) @binding(1) var material_tex_tex: texture_2d<f32>;
@group(0) @binding(2) var material_tex_samp: sampler;
@group(1) @binding(0) var<storage, read> positions: array<vec3f>;

@vertex
fn from_attributes(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f) -> FromAttributesOutput {
    let world = uniforms.model * vec4f(position, 1.0f);
    return FromAttributesOutput(uniforms.view_proj * world, uv);
}

@vertex
fn from_buffer(@builtin(vertex_index) index: u32) -> FromBufferOutput {
    let p = positions[min(index, arrayLength(&positions) - 1u)];
    let world = uniforms.model * vec4f(p, 1.0f);
    return FromBufferOutput(uniforms.view_proj * world, p.xy);
}

@fragment
fn shade(@location(0) uv: vec2f) -> @location(0) vec4f {
    let texel = textureSample(material_tex_tex, material_tex_samp, uv);
    return texel;
}
