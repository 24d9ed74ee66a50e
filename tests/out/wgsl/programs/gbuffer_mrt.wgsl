diagnostic(off, derivative_uniformity);

struct Camera {
    view_proj: mat4x4f,
    prev_view_proj: mat4x4f,
    jitter: vec4f,
}

struct Object {
    model: mat4x4f,
    prev_model: mat4x4f,
    object_id: u32,
    material_id: u32,
    alpha_cutoff: f32,
    emissive_strength: f32,
}

struct GVarying {
    clip: vec4f,
    current_clip: vec4f,
    previous_clip: vec4f,
    normal: vec3f,
    tangent: vec4f,
    uv: vec2f,
}

struct GBuffer {
    albedo_ao: vec4f,
    normal_rm: vec4f,
    emissive: vec4f,
    motion: vec2f,
    ids: vec2u,
}

struct GbufferVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) current_clip: vec4f,
    @location(1) previous_clip: vec4f,
    @location(2) normal: vec3f,
    @location(3) tangent: vec4f,
    @location(4) uv: vec2f,
}

struct GbufferOpaqueFsOutput {
    @location(0) albedo_ao: vec4f,
    @location(1) normal_rm: vec4f,
    @location(2) emissive: vec4f,
    @location(3) motion: vec2f,
    @location(4) ids: vec2u,
}

struct GbufferMaskedFsOutput {
    @location(0) albedo_ao: vec4f,
    @location(1) normal_rm: vec4f,
    @location(2) emissive: vec4f,
    @location(3) motion: vec2f,
    @location(4) ids: vec2u,
}

@group(0) @binding(0) var<uniform> camera: Camera;
var<immediate> object: Object;
@group(0) @binding(1) var albedo_tex_tex: texture_2d<f32>;
@group(0) @binding(2) var albedo_tex_samp: sampler;
@group(0) @binding(3) var normal_tex_tex: texture_2d<f32>;
@group(0) @binding(4) var normal_tex_samp: sampler;
@group(0) @binding(5) var orm_tex_tex: texture_2d<f32>;
@group(0) @binding(6) var orm_tex_samp: sampler;
@group(0) @binding(7) var emissive_tex_tex: texture_2d<f32>;
@group(0) @binding(8) var emissive_tex_samp: sampler;

fn oct_wrap(v: vec2f) -> vec2f {
    return (vec2f(1.0f) - abs(v.yx)) * vec2f(select(-1.0f, 1.0f, v.x >= 0.0f), select(-1.0f, 1.0f, v.y >= 0.0f));
}

fn encode_normal(n: vec3f) -> vec2f {
    let p = n.xy / vec2f(abs(n.x) + abs(n.y) + abs(n.z));
    var e: vec2f;
    if n.z >= 0.0f {
        e = p;
    } else {
        let oct_wrap_1 = oct_wrap(p);
        e = oct_wrap_1;
    }
    return e * 0.5f + vec2f(0.5f);
}

fn surface_normal(input: GVarying) -> vec3f {
    let n = normalize(input.normal);
    let t = input.tangent;
    let t_1 = input.tangent;
    let t_2 = normalize(t.xyz - n * dot(n, t_1.xyz));
    let b = cross(n, t_2) * input.tangent.w;
    let texel = textureSample(normal_tex_tex, normal_tex_samp, input.uv);
    let tangent_normal = texel.xyz * 2.0f - vec3f(1.0f);
    return normalize(mat3x3f(t_2, b, n) * tangent_normal);
}

fn write_gbuffer(input: GVarying, albedo: vec4f) -> GBuffer {
    let texel = textureSample(orm_tex_tex, orm_tex_samp, input.uv);
    let orm = texel.xyz;
    let n = surface_normal(input);
    let t = input.current_clip;
    let jitter = camera.jitter;
    let current = t.xy / vec2f(input.current_clip.w) - jitter.xy;
    let t_1 = input.previous_clip;
    let jitter_1 = camera.jitter;
    let previous = t_1.xy / vec2f(input.previous_clip.w) - jitter_1.zw;
    let encode_normal_1 = encode_normal(n);
    let texel_1 = textureSample(emissive_tex_tex, emissive_tex_samp, input.uv);
    return GBuffer(vec4f(albedo.xyz, orm.x), vec4f(encode_normal_1, orm.y, orm.z), vec4f(texel_1.xyz * object.emissive_strength, 1.0f), (current - previous) * vec2f(0.5f, -0.5f), vec2u(object.object_id, object.material_id));
}

@vertex
fn gbuffer_vs(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) tangent: vec4f, @location(3) uv: vec2f) -> GbufferVsOutput {
    let world = object.model * vec4f(position, 1.0f);
    let previous_world = object.prev_model * vec4f(position, 1.0f);
    let clip = camera.view_proj * world;
    let t = object.model[0u];
    let t_1 = object.model[1u];
    let t_2 = object.model[2u];
    let normal_matrix = mat3x3f(t.xyz, t_1.xyz, t_2.xyz);
    let jitter = camera.jitter;
    return GbufferVsOutput(clip + vec4f(jitter.xy * clip.w, 0.0f, 0.0f), clip, camera.prev_view_proj * previous_world, normal_matrix * normal, vec4f(normal_matrix * tangent.xyz, tangent.w), uv);
}

// @early_depth: WGSL cannot force early fragment tests
@fragment
fn gbuffer_opaque_fs(@location(0) current_clip: vec4f, @location(1) previous_clip: vec4f, @location(2) normal: vec3f, @location(3) tangent: vec4f, @location(4) uv: vec2f) -> GbufferOpaqueFsOutput {
    let input = GVarying(vec4f(), current_clip, previous_clip, normal, tangent, uv);
    let texel = textureSample(albedo_tex_tex, albedo_tex_samp, uv);
    let write_gbuffer_1 = write_gbuffer(input, texel);
    return GbufferOpaqueFsOutput(write_gbuffer_1.albedo_ao, write_gbuffer_1.normal_rm, write_gbuffer_1.emissive, write_gbuffer_1.motion, write_gbuffer_1.ids);
}

@fragment
fn gbuffer_masked_fs(@location(0) current_clip: vec4f, @location(1) previous_clip: vec4f, @location(2) normal: vec3f, @location(3) tangent: vec4f, @location(4) uv: vec2f) -> GbufferMaskedFsOutput {
    let input = GVarying(vec4f(), current_clip, previous_clip, normal, tangent, uv);
    let albedo = textureSample(albedo_tex_tex, albedo_tex_samp, uv);
    if albedo.w < object.alpha_cutoff {
        discard;
    }
    let write_gbuffer_1 = write_gbuffer(input, albedo);
    return GbufferMaskedFsOutput(write_gbuffer_1.albedo_ao, write_gbuffer_1.normal_rm, write_gbuffer_1.emissive, write_gbuffer_1.motion, write_gbuffer_1.ids);
}
