struct Frame {
    view_proj: mat4x4f,
    camera_position: vec4f,
    light_position: vec4f,
    light_color: vec4f,
}

struct DrawConstants {
    base_instance: u32,
    highlight: u32,
}

struct InstanceData {
    model: mat4x4f,
    normal_matrix: mat4x4f,
    color: vec4f,
    material: u32,
    lod: u32,
    flags: u32,
    pad: u32,
}

struct FromBufferVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) world_position: vec3f,
    @location(1) normal: vec3f,
    @location(2) color: vec4f,
    @location(3) uv: vec2f,
    @location(4) @interpolate(flat) highlight: u32,
}

struct FromAttributesVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) world_position: vec3f,
    @location(1) normal: vec3f,
    @location(2) color: vec4f,
    @location(3) uv: vec2f,
    @location(4) @interpolate(flat) highlight: u32,
}

@group(0) @binding(0) var<uniform> frame: Frame;
var<immediate> draw: DrawConstants;
@group(0) @binding(1) var<storage, read> instances: array<InstanceData>;

@vertex
fn from_buffer_vs(@builtin(instance_index) instance: u32, @location(0) position: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f) -> FromBufferVsOutput {
    let data = instances[min(draw.base_instance + instance, arrayLength(&instances) - 1u)];
    let world = data.model * vec4f(position, 1.0f);
    let t = data.normal_matrix[0];
    let t_1 = data.normal_matrix[1];
    let t_2 = data.normal_matrix[2];
    let n = mat3x3f(t.xyz, t_1.xyz, t_2.xyz) * normal;
    return FromBufferVsOutput(frame.view_proj * world, world.xyz, n, data.color, uv, select(0u, 1u, draw.highlight == instance));
}

@vertex
fn from_attributes_vs(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f, @location(3) model_0: vec4f, @location(4) model_1: vec4f, @location(5) model_2: vec4f, @location(6) model_3: vec4f, @location(7) color: vec4f) -> FromAttributesVsOutput {
    let model = mat4x4f(model_0, model_1, model_2, model_3);
    let world = model * vec4f(position, 1.0f);
    let t = model * vec4f(normal, 0.0f);
    let n = t.xyz;
    return FromAttributesVsOutput(frame.view_proj * world, world.xyz, n, color, uv, 0u);
}

@fragment
fn instanced_fs(@location(0) world_position: vec3f, @location(1) normal: vec3f, @location(2) color: vec4f, @location(3) uv: vec2f, @location(4) @interpolate(flat) highlight: u32) -> @location(0) vec4f {
    let n = normalize(normal);
    let light_position = frame.light_position;
    let to_light = light_position.xyz - world_position;
    let distance_sq = dot(to_light, to_light);
    let l = to_light * inverseSqrt(distance_sq);
    let camera_position = frame.camera_position;
    let v = normalize(camera_position.xyz - world_position);
    let h = normalize(l + v);
    let diffuse = max(dot(n, l), 0.0f);
    let specular = pow(max(dot(n, h), 0.0f), 64.0f) * step(0.0f, diffuse);
    let attenuation = 1.0f / (1.0f + distance_sq * 0.01f);
    let light_color = frame.light_color;
    let lit = color.xyz * (vec3f(0.1f) + light_color.xyz * (diffuse * attenuation)) + vec3f(specular * attenuation);
    let rim = select(0.0f, pow(1.0f - max(dot(n, v), 0.0f), 3.0f), highlight != 0u);
    return vec4f(lit + vec3f(1.0f, 0.8f, 0.2f) * rim, color.w);
}
