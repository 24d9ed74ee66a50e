struct Uniforms {
    model: mat4x4f,
    view_proj: mat4x4f,
    normal_mat: mat4x4f,
}

struct TransformOutput {
    @builtin(position) position: vec4f,
    @location(0) uv: vec2f,
    @location(1) normal: vec3f,
}

@group(0) @binding(0) var<uniform> uniforms: Uniforms;
@group(0) @binding(1) var material_tex_tex: texture_2d<f32>;
@group(0) @binding(2) var material_tex_samp: sampler;

@vertex
fn transform(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f) -> TransformOutput {
    let world_pos = uniforms.model * vec4f(position, 1.0f);
    let clip_pos = uniforms.view_proj * world_pos;
    let t = uniforms.normal_mat * vec4f(normal, 0.0f);
    return TransformOutput(clip_pos, uv, normalize(t.xyz));
}

@fragment
fn shade(@location(0) uv: vec2f, @location(1) normal: vec3f) -> @location(0) vec4f {
    let albedo = textureSample(material_tex_tex, material_tex_samp, uv);
    let n = normalize(normal);
    let light = max(dot(n, vec3f(0.0f, 0.6f, 0.8f)), 0.0f);
    return vec4f(albedo.xyz * light, albedo.w);
}
