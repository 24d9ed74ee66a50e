diagnostic(off, derivative_uniformity);

struct Camera {
    view_proj: mat4x4f,
}

struct LightView {
    view_proj: mat4x4f,
    direction: vec4f,
    texel_size: vec2f,
    bias: f32,
    pcf_radius: f32,
}

struct Object {
    model: mat4x4f,
}

struct LitVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) light_space: vec4f,
    @location(1) normal: vec3f,
    @location(2) uv: vec2f,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<uniform> light_view: LightView;
@group(0) @binding(2) var<uniform> object: Object;
@group(0) @binding(3) var shadow_map: texture_depth_2d;
@group(0) @binding(4) var shadow_sampler: sampler_comparison;
@group(0) @binding(5) var albedo_tex: texture_2d<f32>;
@group(0) @binding(6) var albedo_samp: sampler;

fn shadow_factor(light_space: vec4f) -> f32 {
    let proj = light_space.xyz / vec3f(light_space.w);
    let uv = vec2f(proj.x * 0.5f + 0.5f, 0.5f - proj.y * 0.5f);
    let depth = proj.z - light_view.bias;
    var y: i32 = -1i;
    var v: u32 = 2u;
    var v_1: bool = true;
    var sum: f32 = 0.0f;
    var sum_1: f32;
    loop {
        if !v_1 {
            sum_1 = sum;
            break;
        }
        var x: i32 = -1i;
        var v_2: u32 = 2u;
        var v_3: bool = true;
        var sum_2: f32 = sum;
        var sum_3: f32;
        loop {
            if !v_3 {
                sum_3 = sum_2;
                break;
            }
            let offset = vec2f(f32(x), f32(y)) * light_view.texel_size * light_view.pcf_radius;
            let texel = textureSampleCompare(shadow_map, shadow_sampler, uv + offset, depth);
            let sum_4 = sum_2 + texel;
            let next_v = v_2 != 0u;
            x = x + 1i;
            v_2 = v_2 - 1u;
            v_3 = next_v;
            sum_2 = sum_4;
        }
        let next_v_1 = v != 0u;
        y = y + 1i;
        v = v - 1u;
        v_1 = next_v_1;
        sum = sum_3;
    }
    return sum_1 / 9.0f;
}

@vertex
fn shadow_depth_vs(@location(0) position: vec3f) -> @builtin(position) vec4f {
    return light_view.view_proj * object.model * vec4f(position, 1.0f);
}

@vertex
fn lit_vs(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f) -> LitVsOutput {
    let world = object.model * vec4f(position, 1.0f);
    let t = object.model * vec4f(normal, 0.0f);
    return LitVsOutput(camera.view_proj * world, light_view.view_proj * world, t.xyz, uv);
}

@fragment
fn lit_fs(@location(0) light_space: vec4f, @location(1) normal: vec3f, @location(2) uv: vec2f) -> @location(0) vec4f {
    let texel = textureSample(albedo_tex, albedo_samp, uv);
    let base = texel.xyz;
    let n = normalize(normal);
    let direction = light_view.direction;
    let n_dot_l = max(dot(n, -direction.xyz), 0.0f);
    let shadow = shadow_factor(light_space);
    let lit = base * (0.15f + 0.85f * n_dot_l * shadow);
    return vec4f(lit, 1.0f);
}
