struct MainOutput {
    @builtin(position) position: vec4f,
    @location(0) normal: vec3f,
    @location(1) uv: vec2f,
}

@vertex
fn main(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f) -> MainOutput {
    return MainOutput(vec4f(position, 1.0f), normal, uv);
}
