diagnostic(off, derivative_uniformity);

struct Camera {
    view_proj: mat4x4f,
    position: vec4f,
}

struct Light {
    position: vec4f,
    color: vec4f,
    params: vec4f,
}

struct Scene {
    lights: array<Light, 8>,
    light_count: i32,
    ambient: f32,
    exposure: f32,
}

struct Object {
    model: mat4x4f,
    normal_matrix: mat4x4f,
}

struct Surface {
    albedo: vec3f,
    metallic: f32,
    roughness: f32,
    normal: vec3f,
    view: vec3f,
}

struct PbrVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) world_pos: vec3f,
    @location(1) normal: vec3f,
    @location(2) tangent: vec4f,
    @location(3) uv: vec2f,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<uniform> scene: Scene;
@group(1) @binding(0) var<uniform> object: Object;
@group(2) @binding(0) var base_color_tex_tex: texture_2d<f32>;
@group(2) @binding(1) var base_color_tex_samp: sampler;
@group(2) @binding(2) var normal_tex_tex: texture_2d<f32>;
@group(2) @binding(3) var normal_tex_samp: sampler;
@group(2) @binding(4) var metal_rough_tex_tex: texture_2d<f32>;
@group(2) @binding(5) var metal_rough_tex_samp: sampler;
@group(2) @binding(6) var irradiance_tex: texture_cube<f32>;
@group(2) @binding(7) var irradiance_samp: sampler;

fn distribution_ggx(n_dot_h: f32, roughness: f32) -> f32 {
    let a = roughness * roughness;
    let a2 = a * a;
    let d = n_dot_h * n_dot_h * (a2 - 1.0f) + 1.0f;
    return a2 / (3.1415927f * d * d);
}

fn geometry_smith(n_dot_v: f32, n_dot_l: f32, roughness: f32) -> f32 {
    let r = roughness + 1.0f;
    let k = r * r / 8.0f;
    let gv = n_dot_v / (n_dot_v * (1.0f - k) + k);
    let gl = n_dot_l / (n_dot_l * (1.0f - k) + k);
    return gv * gl;
}

fn fresnel_schlick(cos_theta: f32, f0: vec3f) -> vec3f {
    return f0 + (vec3f(1.0f) - f0) * pow(clamp(1.0f - cos_theta, 0.0f, 1.0f), 5.0f);
}

fn light_contribution(s: Surface, light: Light, world_pos: vec3f) -> vec3f {
    var l: vec3f;
    var attenuation: f32;
    if light.position.w == 0.0f {
        let t = light.position;
        l = normalize(-t.xyz);
        attenuation = 1.0f;
    } else {
        let t_1 = light.position;
        let to_light = t_1.xyz - world_pos;
        let dist = length(to_light);
        let falloff = clamp(1.0f - pow(dist / light.params.x, 4.0f), 0.0f, 1.0f);
        l = to_light / vec3f(dist);
        attenuation = falloff * falloff / (dist * dist + 1.0f);
    }
    let h = normalize(s.view + l);
    let n_dot_l = max(dot(s.normal, l), 0.0f);
    let n_dot_v = max(dot(s.normal, s.view), 0.0001f);
    let n_dot_h = max(dot(s.normal, h), 0.0f);
    let f0 = mix(vec3f(0.04f), s.albedo, vec3f(s.metallic));
    let f = fresnel_schlick(max(dot(h, s.view), 0.0f), f0);
    let d = distribution_ggx(n_dot_h, s.roughness);
    let g = geometry_smith(n_dot_v, n_dot_l, s.roughness);
    let specular = f * (d * g / (4.0f * n_dot_v * n_dot_l + 0.0001f));
    let kd = (vec3f(1.0f) - f) * (1.0f - s.metallic);
    let t_2 = light.color;
    let radiance = t_2.xyz * light.color.w * attenuation;
    return (kd * s.albedo / vec3f(3.1415927f) + specular) * radiance * n_dot_l;
}

@vertex
fn pbr_vs(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) tangent: vec4f, @location(3) uv: vec2f) -> PbrVsOutput {
    let world = object.model * vec4f(position, 1.0f);
    let t = object.normal_matrix * vec4f(normal, 0.0f);
    let t_1 = object.model * vec4f(tangent.xyz, 0.0f);
    return PbrVsOutput(camera.view_proj * world, world.xyz, t.xyz, vec4f(t_1.xyz, tangent.w), uv);
}

@fragment
fn pbr_fs(@location(0) world_pos: vec3f, @location(1) normal: vec3f, @location(2) tangent: vec4f, @location(3) uv: vec2f) -> @location(0) vec4f {
    let base = textureSample(base_color_tex_tex, base_color_tex_samp, uv);
    let mr = textureSample(metal_rough_tex_tex, metal_rough_tex_samp, uv);
    let texel = textureSample(normal_tex_tex, normal_tex_samp, uv);
    let tn = texel.xyz * 2.0f - vec3f(1.0f);
    let n = normalize(normal);
    let t = normalize(tangent.xyz - n * dot(n, tangent.xyz));
    let b = cross(n, t) * tangent.w;
    let tbn = mat3x3f(t, b, n);
    let t_1 = base.xyz;
    let t_2 = normalize(tbn * tn);
    let position = camera.position;
    let surface = Surface(t_1, mr.z, clamp(mr.y, 0.04f, 1.0f), t_2, normalize(position.xyz - world_pos));
    let t_3 = scene.light_count - 1i;
    var i: i32 = 0i;
    var v: u32 = bitcast<u32>(t_3) - 0u;
    var v_1: bool = 0i <= t_3;
    var v_2: u32 = 0u;
    var lit: vec3f = vec3f(0.0f);
    var lit_1: vec3f;
    loop {
        if !(v_2 < 8u) {
            lit_1 = lit;
            break;
        }
        if !v_1 {
            lit_1 = lit;
            break;
        }
        let light_contribution_1 = light_contribution(surface, scene.lights[min(u32(i), 7u)], world_pos);
        let lit_2 = lit + light_contribution_1;
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        lit = lit_2;
    }
    let texel_1 = textureSample(irradiance_tex, irradiance_samp, t_2);
    let ambient = texel_1.xyz * t_1 * scene.ambient;
    let hdr = (lit_1 + ambient) * scene.exposure;
    return vec4f(hdr, base.w);
}
