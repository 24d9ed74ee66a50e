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

struct MeshVertex {
    instance: u32,
    position: vec3f,
    normal: vec3f,
    uv: vec2f,
}

struct Shaded {
    clip: vec4f,
    world_position: vec3f,
    normal: vec3f,
    color: vec4f,
    uv: vec2f,
    highlight: u32,
}

struct InstancedVertex {
    position: vec3f,
    normal: vec3f,
    uv: vec2f,
    model_0: vec4f,
    model_1: vec4f,
    model_2: vec4f,
    model_3: vec4f,
    color: vec4f,
}

struct instanced_fs_out {
    color: vec4f,
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
    let input = MeshVertex(instance, position, normal, uv);
    let instance_1 = input.instance;
    let data = instances[min(draw.base_instance + instance_1, arrayLength(&instances) - 1u)];
    let world = data.model * vec4f(input.position, 1.0f);
    let t = data.normal_matrix[0];
    let t_1 = data.normal_matrix[1];
    let t_2 = data.normal_matrix[2];
    let n = mat3x3f(t.xyz, t_1.xyz, t_2.xyz) * input.normal;
    let t_3 = Shaded(frame.view_proj * world, world.xyz, n, data.color, input.uv, select(0u, 1u, draw.highlight == instance_1));
    return FromBufferVsOutput(t_3.clip, t_3.world_position, t_3.normal, t_3.color, t_3.uv, t_3.highlight);
}

@vertex
fn from_attributes_vs(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f, @location(3) model_0: vec4f, @location(4) model_1: vec4f, @location(5) model_2: vec4f, @location(6) model_3: vec4f, @location(7) color: vec4f) -> FromAttributesVsOutput {
    let input = InstancedVertex(position, normal, uv, model_0, model_1, model_2, model_3, color);
    let model = mat4x4f(input.model_0, input.model_1, input.model_2, input.model_3);
    let world = model * vec4f(input.position, 1.0f);
    let t = model * vec4f(input.normal, 0.0f);
    let n = t.xyz;
    let t_1 = Shaded(frame.view_proj * world, world.xyz, n, input.color, input.uv, 0u);
    return FromAttributesVsOutput(t_1.clip, t_1.world_position, t_1.normal, t_1.color, t_1.uv, t_1.highlight);
}

@fragment
fn instanced_fs(@location(0) world_position: vec3f, @location(1) normal: vec3f, @location(2) color: vec4f, @location(3) uv: vec2f, @location(4) @interpolate(flat) highlight: u32) -> @location(0) vec4f {
    let input = Shaded(vec4f(), world_position, normal, color, uv, highlight);
    let n = normalize(input.normal);
    let light_position = frame.light_position;
    let to_light = light_position.xyz - input.world_position;
    let distance_sq = dot(to_light, to_light);
    let l = to_light * inverseSqrt(distance_sq);
    let camera_position = frame.camera_position;
    let v = normalize(camera_position.xyz - input.world_position);
    let h = normalize(l + v);
    let diffuse = max(dot(n, l), 0.0f);
    let specular = pow(max(dot(n, h), 0.0f), 64.0f) * step(0.0f, diffuse);
    let attenuation = 1.0f / (1.0f + distance_sq * 0.01f);
    let t = input.color;
    let light_color = frame.light_color;
    let lit = t.xyz * (vec3f(0.1f) + light_color.xyz * (diffuse * attenuation)) + vec3f(specular * attenuation);
    let rim = select(0.0f, pow(1.0f - max(dot(n, v), 0.0f), 3.0f), input.highlight != 0u);
    return instanced_fs_out(vec4f(lit + vec3f(1.0f, 0.8f, 0.2f) * rim, input.color.w)).color;
}
