enable wgpu_binding_array;

struct Material {
    base_color: vec4f,
    roughness: f32,
    metallic: f32,
    layer: i32,
    decal: i32,
    fog_extent: vec4f,
    point_light: vec4f,
    spot_shadow_matrix: mat4x4f,
    camera_position: vec4f,
    prefiltered_levels: f32,
    sample_count: i32,
}

struct ShadeOutput {
    @location(0) color: vec4f,
    @location(1) id_out: u32,
}

@group(0) @binding(0) var<uniform> material: Material;
@group(0) @binding(1) var prefiltered_env: texture_cube<f32>;
@group(0) @binding(2) var irradiance_env: texture_cube<f32>;
@group(0) @binding(3) var brdf_lut: texture_2d<f32>;
@group(0) @binding(4) var material_layers: texture_2d_array<f32>;
@group(0) @binding(5) var fog_volume: texture_3d<f32>;
@group(0) @binding(6) var decals: binding_array<texture_2d<f32>, 4>;
@group(0) @binding(7) var material_ids: texture_2d<u32>;
@group(0) @binding(8) var pixel_offsets: texture_2d<i32>;
@group(0) @binding(9) var point_shadow: texture_depth_cube;
@group(0) @binding(10) var spot_shadow: texture_depth_2d;
@group(0) @binding(11) var linear_clamp: sampler;
@group(0) @binding(12) var linear_repeat: sampler;
@group(0) @binding(13) var shadow_compare: sampler_comparison;
@group(0) @binding(14) var depth_ms: texture_multisampled_2d<f32>;

fn fresnel_schlick_roughness(cos_theta: f32, f0: vec3f, roughness: f32) -> vec3f {
    return f0 + (max(vec3f(1.0f - roughness), f0) - f0) * pow(saturate(1.0f - cos_theta), 5.0f);
}

fn point_shadow_factor(world_position: vec3f) -> f32 {
    let point_light = material.point_light;
    let to_light = world_position - point_light.xyz;
    let depth = length(to_light) / material.point_light.w;
    let texel = textureSampleCompare(point_shadow, shadow_compare, to_light, depth - 0.005f);
    return texel;
}

fn spot_shadow_factor(world_position: vec3f) -> f32 {
    let clip = material.spot_shadow_matrix * vec4f(world_position, 1.0f);
    let p = clip.xyz / vec3f(clip.w);
    let uv = vec2f(p.x, -p.y) * 0.5f + vec2f(0.5f);
    let texel = textureSampleCompare(spot_shadow, shadow_compare, uv, p.z - 0.001f);
    return texel;
}

@fragment
fn shade(@builtin(position) frag_coord: vec4f, @location(0) world_position: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f) -> ShadeOutput {
    let n = normalize(normal);
    let camera_position = material.camera_position;
    let v = normalize(camera_position.xyz - world_position);
    let r = reflect(-v, n);
    let n_dot_v = max(dot(n, v), 0.0f);
    let layer_color = textureSample(material_layers, linear_repeat, uv, material.layer);
    let decal = textureSample(decals[min(u32(material.decal & 3i), 3u)], linear_clamp, uv);
    let base_color = material.base_color;
    let albedo = mix(base_color.xyz * layer_color.xyz, decal.xyz, vec3f(decal.w));
    let f0 = mix(vec3f(0.04f), albedo, vec3f(material.metallic));
    let f = fresnel_schlick_roughness(n_dot_v, f0, material.roughness);
    let kd = (vec3f(1.0f) - f) * (1.0f - material.metallic);
    let texel = textureSample(irradiance_env, linear_clamp, n);
    let irradiance = texel.xyz;
    let texel_1 = textureSampleLevel(prefiltered_env, linear_clamp, r, material.roughness * material.prefiltered_levels);
    let prefiltered = texel_1.xyz;
    let texel_2 = textureSampleLevel(brdf_lut, linear_clamp, vec2f(n_dot_v, material.roughness), 0.0f);
    let brdf = texel_2.xy;
    let ambient = kd * irradiance * albedo + prefiltered * (f * brdf.x + vec3f(brdf.y));
    let point_shadow_factor_1 = point_shadow_factor(world_position);
    let spot_shadow_factor_1 = spot_shadow_factor(world_position);
    let shadow = point_shadow_factor_1 * spot_shadow_factor_1;
    let fog_extent = material.fog_extent;
    let fog_uvw = world_position / fog_extent.xyz + vec3f(0.5f);
    let fog = textureSampleLevel(fog_volume, linear_clamp, fog_uvw, 0.0f);
    let pixel = vec2i(frag_coord.xy);
    let id = textureLoad(material_ids, pixel, 0i).x;
    let texel_3 = textureLoad(pixel_offsets, pixel, 0i);
    let offset = texel_3.xy;
    let neighbour_id = textureLoad(material_ids, clamp(pixel + offset, vec2i(0i), vec2i(textureDimensions(material_ids, 0i)) - vec2i(1i)), 0i).x;
    let edge = select(1.0f, 0.5f, id != neighbour_id);
    let lit = ambient * shadow * edge;
    return ShadeOutput(vec4f(mix(lit, fog.xyz, vec3f(fog.w)), 1.0f), id);
}

@fragment
fn resolve_depth(@builtin(position) frag_coord: vec4f) -> @builtin(frag_depth) f32 {
    let pixel = vec2i(frag_coord.xy);
    let t = material.sample_count - 1i;
    var s: i32 = 0i;
    var v: u32 = bitcast<u32>(t) - 0u;
    var v_1: bool = 0i <= t;
    var v_2: u32 = 0u;
    var closest: f32 = 1.0f;
    var closest_1: f32;
    loop {
        if !(v_2 < 16u) {
            closest_1 = closest;
            break;
        }
        if !v_1 {
            closest_1 = closest;
            break;
        }
        let closest_2 = min(closest, textureLoad(depth_ms, pixel, s).x);
        let next_v = v != 0u;
        s = s + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        closest = closest_2;
    }
    return closest_1;
}
