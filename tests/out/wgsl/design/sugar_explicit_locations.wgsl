struct VertexInput {
    position: vec3f,
    normal: vec3f,
    uv: vec2f,
}

struct VertexOutput {
    position: vec4f,
    normal: vec3f,
    uv: vec2f,
    tint: vec4f,
}

struct MainOutput {
    @builtin(position) position: vec4f,
    @location(0) normal: vec3f,
    @location(4) uv: vec2f,
    @location(5) tint: vec4f,
}

@vertex
fn main(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f) -> MainOutput {
    let input = VertexInput(position, normal, uv);
    let t = VertexOutput(vec4f(input.position, 1.0f), input.normal, input.uv, vec4f(input.uv, 0.0f, 1.0f));
    return MainOutput(t.position, t.normal, t.uv, t.tint);
}
