struct Instance {
    model: mat4x4f,
    array_index: f32,
}

struct Ubo {
    projection: mat4x4f,
    view: mat4x4f,
    instance: array<Instance, 8>,
}

struct VsOutput {
    @builtin(position) clip: vec4f,
    @location(0) uv: vec3f,
}

@group(0) @binding(0) var<uniform> ubo: Ubo;
@group(0) @binding(1) var sampler_array_tex: texture_2d_array<f32>;
@group(0) @binding(2) var sampler_array_samp: sampler;

@vertex
fn vs(@location(0) pos: vec3f, @location(1) uv: vec2f, @builtin(instance_index) instance: u32) -> VsOutput {
    let model_view = ubo.view * ubo.instance[min(instance, 7u)].model;
    return VsOutput(ubo.projection * model_view * vec4f(pos, 1.0f), vec3f(uv, ubo.instance[min(instance, 7u)].array_index));
}

@fragment
fn fs(@location(0) uv: vec3f) -> @location(0) vec4f {
    let texel = textureSample(sampler_array_tex, sampler_array_samp, uv.xy, i32(round(uv.z)));
    return texel;
}
