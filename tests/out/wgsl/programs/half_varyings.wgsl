enable f16;

struct Object {
    mvp: mat4x4f,
    tint: vec4f,
}

struct VsOutput {
    @builtin(position) clip: vec4f,
    @location(0) uv: vec2h,
    @location(1) shade: f16,
    @location(2) @interpolate(flat) layer: u32,
}

var<immediate> object: Object;

@vertex
fn vs(@location(0) pos: vec3f, @location(1) uv: vec2f, @builtin(instance_index) inst: u32) -> VsOutput {
    let h = vec2h(uv);
    return VsOutput(object.mvp * vec4f(pos, 1.0f), h * 2.0h - vec2h(1.0h), f16(pos.y * 0.5f + 0.5f), inst);
}

@fragment
fn fs(@location(0) uv: vec2h, @location(1) shade: f16, @location(2) @interpolate(flat) layer: u32) -> @location(0) vec4f {
    let r = length(uv);
    let ring = 1.0h - smoothstep(0.7998047h, 1.0h, r);
    let tint = object.tint;
    let c = vec3h(tint.xyz) * (ring * shade);
    return vec4f(vec3f(c), f32(layer & 1u));
}
