struct Camera {
    view_proj: mat4x4f,
}

struct AttributesOutput {
    @builtin(position) clip: vec4f,
    @location(0) color: vec4f,
    @location(1) @interpolate(flat) ids: vec2i,
    @location(2) @interpolate(flat) mask: vec4u,
    @location(3) @interpolate(flat) index: i32,
}

struct IdsFsOutput {
    @location(0) color: vec4f,
    @location(1) id: vec4i,
}

@group(0) @binding(0) var<uniform> camera: Camera;

@vertex
fn attributes(@builtin(vertex_index) vertex: u32, @builtin(instance_index) instance: u32, @location(0) position: vec3f, @location(1) weight: f32, @location(5) ids: vec2i, @location(6) mask: vec4u, @location(7) color: vec4f, @location(8) index: i32, @location(9) uv: vec2f) -> AttributesOutput {
    let p = position * weight + vec3f(uv, f32(vertex + instance));
    return AttributesOutput(camera.view_proj * vec4f(p, 1.0f), color, ids, mask, index);
}

@vertex
fn single_attribute(@location(0) position: vec4f) -> @builtin(position) vec4f {
    return camera.view_proj * position;
}

@fragment
fn ids_fs(@location(0) color: vec4f, @location(1) @interpolate(flat) ids: vec2i, @location(2) @interpolate(flat) mask: vec4u, @location(3) @interpolate(flat) index: i32) -> IdsFsOutput {
    return IdsFsOutput(color * f32(mask.x & 1u), vec4i(ids, index, i32(mask.y)));
}
