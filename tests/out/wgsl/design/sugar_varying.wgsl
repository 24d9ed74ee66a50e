struct Uniforms {
    view_proj: mat4x4f,
}

struct TransformOutput {
    @builtin(position) position: vec4f,
    @location(0) uv: vec2f,
    @location(1) normal: vec3f,
}

@group(0) @binding(0) var<uniform> uniforms: Uniforms;

@vertex
fn transform(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f) -> TransformOutput {
    return TransformOutput(uniforms.view_proj * vec4f(position, 1.0f), uv, normal);
}

@fragment
fn shade(@location(0) uv: vec2f, @location(1) normal: vec3f) -> @location(0) vec4f {
    let n = normalize(normal);
    return vec4f(n * 0.5f + vec3f(0.5f), 1.0f) * vec4f(uv, 1.0f, 1.0f);
}
