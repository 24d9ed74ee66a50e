struct Camera {
    view_proj: mat4x4f,
}

struct Attributes {
    vertex: u32,
    instance: u32,
    position: vec3f,
    weight: f32,
    ids: vec2i,
    mask: vec4u,
    color: vec4f,
    index: i32,
    uv: vec2f,
}

struct attributes_out {
    clip: vec4f,
    color: vec4f,
    ids: vec2i,
    mask: vec4u,
    index: i32,
}

struct single_attribute_out {
    clip: vec4f,
}

struct ids_fs_out {
    color: vec4f,
    id: vec4i,
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
    let input = Attributes(vertex, instance, position, weight, ids, mask, color, index, uv);
    let p = input.position * input.weight + vec3f(input.uv, f32(input.vertex + input.instance));
    let t = attributes_out(camera.view_proj * vec4f(p, 1.0f), input.color, input.ids, input.mask, input.index);
    return AttributesOutput(t.clip, t.color, t.ids, t.mask, t.index);
}

@vertex
fn single_attribute(@location(0) position: vec4f) -> @builtin(position) vec4f {
    return single_attribute_out(camera.view_proj * position).clip;
}

@fragment
fn ids_fs(@location(0) color: vec4f, @location(1) @interpolate(flat) ids: vec2i, @location(2) @interpolate(flat) mask: vec4u, @location(3) @interpolate(flat) index: i32) -> IdsFsOutput {
    let t = ids_fs_out(color * f32(mask.x & 1u), vec4i(ids, index, i32(mask.y)));
    return IdsFsOutput(t.color, t.id);
}
