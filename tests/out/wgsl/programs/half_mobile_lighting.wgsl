enable f16;
diagnostic(off, derivative_uniformity);

struct Camera {
    view_proj: mat4x4f,
    eye: vec4f,
    exposure: f32,
    white: f32,
}

struct Light {
    dir_intensity: vec4f,
    color: vec4f,
}

struct VsOutput {
    @builtin(position) clip: vec4f,
    @location(0) uv: vec2f,
    @location(1) normal: vec3h,
    @location(2) view_dir: vec3h,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<uniform> lights: array<Light, 4>;
@group(0) @binding(2) var albedo_map_tex: texture_2d<f32>;
@group(0) @binding(3) var albedo_map_samp: sampler;
@group(0) @binding(4) var hdr_image: texture_storage_2d<rgba16float, read>;
@group(0) @binding(5) var ldr_image: texture_storage_2d<rgba8unorm, write>;

fn aces(x: vec3h) -> vec3h {
    return saturate(x * (x * 2.5097656h + vec3h(0.02999878h)) / (x * (x * 2.4296875h + vec3h(0.58984375h)) + vec3h(0.14001465h)));
}

fn tonemap(color: vec3h, exposure: f16, white: f16) -> vec3h {
    let aces_1 = aces(color * exposure);
    let aces_2 = aces(vec3h(white));
    let mapped = aces_1 / aces_2;
    return pow(saturate(mapped), vec3h(0.45458984h));
}

fn ggx(n: vec3h, v: vec3h, l: vec3h, roughness: f16) -> f16 {
    let h = normalize(v + l);
    let nh = max(dot(n, h), 0.0h);
    let a2 = roughness * roughness * roughness * roughness;
    let k = nh * nh * (a2 - 1.0h) + 1.0h;
    return a2 / max(k * k, 0.000100016594h);
}

@vertex
fn vs(@location(0) pos: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f) -> VsOutput {
    let eye = camera.eye;
    return VsOutput(camera.view_proj * vec4f(pos, 1.0f), uv, vec3h(normal), vec3h(normalize(eye.xyz - pos)));
}

@fragment
fn fs(@location(0) uv: vec2f, @location(1) normal: vec3h, @location(2) view_dir: vec3h) -> @location(0) vec4f {
    let n = normalize(normal);
    let v = normalize(view_dir);
    let texel = textureSample(albedo_map_tex, albedo_map_samp, uv);
    let base = vec3h(texel.xyz);
    let lit = base * 0.02999878h;
    var i: i32 = 0i;
    var v_1: u32 = 3u;
    var v_2: bool = true;
    var lit_1: vec3h = lit;
    var lit_2: vec3h;
    loop {
        if !v_2 {
            lit_2 = lit_1;
            break;
        }
        let light = lights[min(u32(i), 3u)];
        let t = light.dir_intensity;
        let l = vec3h(normalize(-t.xyz));
        let ndl = max(dot(n, l), 0.0h);
        let t_1 = light.color;
        let radiance = vec3h(t_1.xyz) * f16(light.dir_intensity.w);
        let ggx_1 = ggx(n, v, l, 0.5h);
        let brdf = base * 0.31835938h + vec3h(ggx_1 * 0.31835938h * 0.040008545h);
        let lit_3 = lit_1 + brdf * radiance * ndl;
        let next_v = v_1 != 0u;
        i = i + 1i;
        v_1 = v_1 - 1u;
        v_2 = next_v;
        lit_1 = lit_3;
    }
    let encoded = tonemap(lit_2, f16(camera.exposure), f16(camera.white));
    return vec4f(vec3f(encoded), 1.0f);
}

@compute @workgroup_size(8, 8, 1)
fn tonemap_image(@builtin(global_invocation_id) id: vec3u) {
    let p = vec2i(id.xy);
    let size = vec2i(textureDimensions(hdr_image));
    if p.x >= size.x || p.y >= size.y {
        return;
    }
    let texel = textureLoad(hdr_image, p);
    let hdr = vec4h(texel);
    var hdr_1: vec4h = hdr;
    if any((bitcast<vec4u>(vec4f(hdr)) & vec4u(0x7fffffffu)) > vec4u(0x7f800000u)) || any((bitcast<vec4u>(vec4f(hdr)) & vec4u(0x7fffffffu)) == vec4u(0x7f800000u)) {
        hdr_1 = vec4h(0.0h);
    }
    let encoded = tonemap(hdr_1.xyz, f16(camera.exposure), f16(camera.white));
    textureStore(ldr_image, p, vec4f(vec3f(encoded), f32(hdr_1.w)));
}
