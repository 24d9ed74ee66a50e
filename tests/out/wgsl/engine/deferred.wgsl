struct Camera {
    view: mat4x4f,
    proj: mat4x4f,
    view_proj: mat4x4f,
    inv_view_proj: mat4x4f,
    position: vec4f,
    viewport: vec4f,
}

struct PointLight {
    position: vec4f,
    color: vec4f,
}

struct LightList {
    count: u32,
    pad0: u32,
    pad1: u32,
    pad2: u32,
    lights: array<PointLight>,
}

struct Material {
    base_color: vec4f,
    emissive: vec4f,
    metallic: f32,
    roughness: f32,
}

struct GbufferVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) normal: vec3f,
    @location(1) uv: vec2f,
}

struct GbufferFsOutput {
    @location(0) albedo_metal: vec4f,
    @location(1) normal_rough: vec4f,
    @location(2) emissive: vec4f,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(1) @binding(0) var<storage, read> light_list: LightList;
@group(2) @binding(0) var<uniform> material: Material;
@group(2) @binding(1) var<uniform> model_matrix: mat4x4f;
@group(3) @binding(0) var gbuffer_albedo: texture_2d<f32>;
@group(3) @binding(1) var gbuffer_normal: texture_2d<f32>;
@group(3) @binding(2) var gbuffer_emissive: texture_2d<f32>;
@group(3) @binding(3) var gbuffer_depth: texture_depth_2d;

fn luminance(c: vec3f) -> f32 {
    return dot(c, vec3f(0.2126f, 0.7152f, 0.0722f));
}

fn world_from_depth(uv: vec2f, depth: f32) -> vec3f {
    let ndc = vec4f(uv.x * 2.0f - 1.0f, 1.0f - uv.y * 2.0f, depth, 1.0f);
    let world = camera.inv_view_proj * ndc;
    return world.xyz / vec3f(world.w);
}

fn d_ggx(n_dot_h: f32, roughness: f32) -> f32 {
    let a = roughness * roughness;
    let a2 = a * a;
    let d = n_dot_h * n_dot_h * (a2 - 1.0f) + 1.0f;
    return a2 / (3.1415927f * d * d);
}

fn g_smith(n_dot_v: f32, n_dot_l: f32, roughness: f32) -> f32 {
    let k = (roughness + 1.0f) * (roughness + 1.0f) / 8.0f;
    return n_dot_v / (n_dot_v * (1.0f - k) + k) * (n_dot_l / (n_dot_l * (1.0f - k) + k));
}

fn f_schlick(cos_theta: f32, f0: vec3f) -> vec3f {
    return f0 + (vec3f(1.0f) - f0) * pow(1.0f - saturate(cos_theta), 5.0f);
}

fn brdf(n: vec3f, v: vec3f, l: vec3f, albedo: vec3f, metallic: f32, roughness: f32) -> vec3f {
    let h = normalize(v + l);
    let n_dot_l = max(dot(n, l), 0.0f);
    let n_dot_v = max(dot(n, v), 0.0001f);
    let f0 = mix(vec3f(0.04f), albedo, vec3f(metallic));
    let f = f_schlick(max(dot(h, v), 0.0f), f0);
    let d_ggx_1 = d_ggx(max(dot(n, h), 0.0f), roughness);
    let g_smith_1 = g_smith(n_dot_v, n_dot_l, roughness);
    let specular = f * (d_ggx_1 * g_smith_1 / (4.0f * n_dot_v * n_dot_l + 0.0001f));
    let kd = (vec3f(1.0f) - f) * (1.0f - metallic);
    return (kd * albedo * 0.31830987f + specular) * n_dot_l;
}

fn shade_point_lights(p: vec3f, n: vec3f, v: vec3f, albedo: vec3f, metallic: f32, roughness: f32) -> vec3f {
    let count = light_list.count;
    let t = arrayLength(&light_list.lights);
    let count_1 = min(count, u32(i32(t)));
    var i: u32 = 1u;
    var v_1: u32 = count_1 - 1u;
    var v_2: bool = 1u <= count_1;
    var v_3: u32 = 0u;
    var total: vec3f = vec3f(0.0f);
    var total_1: vec3f;
    loop {
        if !(v_3 < 1024u) {
            total_1 = total;
            break;
        }
        if !v_2 {
            total_1 = total;
            break;
        }
        let light = light_list.lights[min(i - 1u, arrayLength(&light_list.lights) - 1u)];
        let t_1 = light.position;
        let to_light = t_1.xyz - p;
        let dist = length(to_light);
        let falloff = saturate(1.0f - dist / light.position.w);
        let t_2 = light.color;
        let radiance = t_2.xyz * light.color.w * falloff * falloff;
        let brdf_1 = brdf(n, v, to_light / vec3f(dist), albedo, metallic, roughness);
        let total_2 = total + brdf_1 * radiance;
        let next_v = v_1 != 0u;
        i = i + 1u;
        v_1 = v_1 - 1u;
        v_2 = next_v;
        v_3 = v_3 + 1u;
        total = total_2;
    }
    return total_1;
}

@vertex
fn gbuffer_vs(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f) -> GbufferVsOutput {
    let world = model_matrix * vec4f(position, 1.0f);
    let t = model_matrix * vec4f(normal, 0.0f);
    return GbufferVsOutput(camera.view_proj * world, t.xyz, uv);
}

@fragment
fn gbuffer_fs(@location(0) normal: vec3f, @location(1) uv: vec2f) -> GbufferFsOutput {
    let n = normalize(normal);
    let base_color = material.base_color;
    return GbufferFsOutput(vec4f(base_color.xyz, material.metallic), vec4f(n * 0.5f + vec3f(0.5f), material.roughness), material.emissive);
}

@vertex
fn lighting_vs(@builtin(vertex_index) id: u32) -> @builtin(position) vec4f {
    let uv = vec2f(f32((id << 1u) & 2u), f32(id & 2u));
    return vec4f(uv * 2.0f - vec2f(1.0f), 0.0f, 1.0f);
}

@fragment
fn lighting_fs(@builtin(position) frag: vec4f) -> @location(0) vec4f {
    let pixel = vec2i(frag.xy);
    let albedo_metal = textureLoad(gbuffer_albedo, pixel, 0i);
    let normal_rough = textureLoad(gbuffer_normal, pixel, 0i);
    let texel = textureLoad(gbuffer_emissive, pixel, 0i);
    let emissive = texel.xyz;
    let depth = textureLoad(gbuffer_depth, pixel, 0i);
    let viewport = camera.viewport;
    let uv = frag.xy * viewport.zw;
    let p = world_from_depth(uv, depth);
    let n = normalize(normal_rough.xyz * 2.0f - vec3f(1.0f));
    let position = camera.position;
    let v = normalize(position.xyz - p);
    let lit = shade_point_lights(p, n, v, albedo_metal.xyz, albedo_metal.w, normal_rough.w);
    let luminance_1 = luminance(emissive);
    let glow = max(luminance_1 - 1.0f, 0.0f) * 0.31830987f;
    return vec4f(lit + emissive + albedo_metal.xyz * glow, 1.0f);
}
