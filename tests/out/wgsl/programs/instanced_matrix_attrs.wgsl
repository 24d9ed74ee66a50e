diagnostic(off, derivative_uniformity);

struct Camera {
    view_proj: mat4x4f,
    view: mat4x4f,
    eye: vec3f,
    exposure: f32,
}

struct InstancedVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) world_pos: vec3f,
    @location(1) world_normal: vec3f,
    @location(2) uv0: vec2f,
    @location(3) lightmap_uv: vec2f,
    @location(4) tint: vec4f,
    @location(5) @interpolate(flat) material: u32,
    @location(6) @interpolate(flat) instance: i32,
    @location(7) view_depth: f32,
    @location(8) @interpolate(linear) screen_uv: vec2f,
}

struct InstancedFsOutput {
    @location(0) color: vec4f,
    @location(1) ids: vec2u,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var albedo: texture_2d_array<f32>;
@group(0) @binding(2) var lightmap: texture_2d<f32>;
@group(0) @binding(3) var linear_clamp: sampler;

// Inverse of a square matrix.
fn luma_inverse_mat3x3f(m: mat3x3f) -> mat3x3f {
    let r0 = cross(m[1], m[2]);
    let r1 = cross(m[2], m[0]);
    let r2 = cross(m[0], m[1]);
    let det = dot(m[0], r0);
    return transpose(mat3x3f(r0, r1, r2)) * (1.0 / det);
}

@vertex
fn instanced_vs(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) uv0: vec2f, @location(3) uv1: vec2f, @location(4) model0: vec3f, @location(5) model1: vec3f, @location(6) model2: vec3f, @location(7) model3: vec3f, @location(8) tint: u32, @location(9) material: u32, @location(10) lightmap_rect: vec4f, @builtin(instance_index) inst: u32) -> InstancedVsOutput {
    let model = mat4x3f(model0, model1, model2, model3);
    let world = model * vec4f(position, 1.0f);
    let m3 = mat3x3f(model0, model1, model2);
    let n = normalize(transpose(luma_inverse_mat3x3f(m3)) * normal);
    let clip = camera.view_proj * vec4f(world, 1.0f);
    return InstancedVsOutput(clip, world, n, uv0, lightmap_rect.xy + uv1 * lightmap_rect.zw, unpack4x8unorm(tint), material, i32(inst), -(camera.view * vec4f(world, 1.0f)).z, clip.xy / vec2f(clip.w) * 0.5f + vec2f(0.5f));
}

@fragment
fn instanced_fs(@location(0) world_pos: vec3f, @location(1) world_normal: vec3f, @location(2) uv0: vec2f, @location(3) lightmap_uv: vec2f, @location(4) tint: vec4f, @location(5) @interpolate(flat) material: u32, @location(6) @interpolate(flat) instance: i32, @location(7) view_depth: f32, @location(8) @interpolate(linear) screen_uv: vec2f) -> InstancedFsOutput {
    let texel = textureSample(albedo, linear_clamp, uv0, i32(material & 3u));
    let base = texel * tint;
    if base.w < 0.5f {
        discard;
    }
    let t = fwidth(lightmap_uv);
    let footprint = t * vec2f(vec2i(textureDimensions(lightmap, 0i)));
    let lod_blend = saturate(max(footprint.x, footprint.y) - 1.0f);
    let texel_1 = textureSample(lightmap, linear_clamp, lightmap_uv);
    let texel_2 = textureSampleLevel(lightmap, linear_clamp, lightmap_uv, 4.0f);
    let lm = mix(texel_1.xyz, texel_2.xyz, vec3f(lod_blend));
    let n = normalize(world_normal);
    let v = normalize(camera.eye - world_pos);
    let rim = pow(1.0f - saturate(dot(n, v)), 4.0f);
    let fog = exp(-view_depth * 0.01f);
    let rgb = mix(vec3f(0.5f, 0.6f, 0.7f), base.xyz * lm + vec3f(rim * 0.2f), vec3f(fog)) * camera.exposure;
    let vignette = 1.0f - 0.3f * dot(screen_uv - vec2f(0.5f), screen_uv - vec2f(0.5f));
    return InstancedFsOutput(vec4f(rgb * vignette, base.w), vec2u(material, u32(instance)));
}
