struct Uniforms {
    view_proj: mat4x4f,
}

struct VertexInput {
    position: vec3f,
    normal: vec3f,
    uv: vec2f,
}

struct Interpolated {
    position: vec4f,
    uv: vec2f,
    normal: vec3f,
}

struct FragmentOutput {
    color: vec4f,
}

struct TransformOutput {
    @builtin(position) position: vec4f,
    @location(0) uv: vec2f,
    @location(1) normal: vec3f,
}

@group(0) @binding(0) var<uniform> uniforms: Uniforms;

@vertex
fn transform(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f) -> TransformOutput {
    let input = VertexInput(position, normal, uv);
    let t = Interpolated(uniforms.view_proj * vec4f(input.position, 1.0f), input.uv, input.normal);
    return TransformOutput(t.position, t.uv, t.normal);
}

@fragment
fn shade(@location(0) uv: vec2f, @location(1) normal: vec3f) -> @location(0) vec4f {
    let input = Interpolated(vec4f(), uv, normal);
    let n = normalize(input.normal);
    return FragmentOutput(vec4f(n * 0.5f + vec3f(0.5f), 1.0f) * vec4f(input.uv, 1.0f, 1.0f)).color;
}
