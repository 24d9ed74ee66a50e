struct Wave {
    direction: vec2f,
    steepness: f32,
    wavelength: f32,
}

struct Ocean {
    view_proj: mat4x4f,
    camera_position: vec4f,
    waves: array<Wave, 4>,
    shallow_color: vec4f,
    deep_color: vec4f,
    time: f32,
    gravity: f32,
    foam_threshold: f32,
    grid_spacing: f32,
}

struct Displacement {
    offset: vec3f,
    tangent: vec3f,
    binormal: vec3f,
}

struct WaterVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) world_position: vec3f,
    @location(1) normal: vec3f,
    @location(2) crest: f32,
    @location(3) uv: vec2f,
}

@group(0) @binding(0) var<uniform> ocean: Ocean;
@group(0) @binding(1) var environment_tex: texture_cube<f32>;
@group(0) @binding(2) var environment_samp: sampler;
@group(0) @binding(3) var foam_texture_tex: texture_2d<f32>;
@group(0) @binding(4) var foam_texture_samp: sampler;

fn gerstner(wave: Wave, p: vec2f, d: Displacement) -> Displacement {
    let k = 6.2831855f / wave.wavelength;
    let c = sqrt(ocean.gravity / k);
    let dir = normalize(wave.direction);
    let f = k * (dot(dir, p) - c * ocean.time);
    let a = wave.steepness / k;
    let sin_f = sin(f);
    let cos_f = cos(f);
    var result: Displacement = d;
    result.offset = d.offset + vec3f(dir.x * a * cos_f, a * sin_f, dir.y * a * cos_f);
    var result_1: Displacement = result;
    result_1.tangent = result.tangent + vec3f(-dir.x * dir.x * wave.steepness * sin_f, dir.x * wave.steepness * cos_f, -dir.x * dir.y * wave.steepness * sin_f);
    var result_2: Displacement = result_1;
    result_2.binormal = result_1.binormal + vec3f(-dir.x * dir.y * wave.steepness * sin_f, dir.y * wave.steepness * cos_f, -dir.y * dir.y * wave.steepness * sin_f);
    return result_2;
}

fn fresnel_schlick(cos_theta: f32, f0: f32) -> f32 {
    return f0 + (1.0f - f0) * pow(1.0f - saturate(cos_theta), 5.0f);
}

@vertex
fn water_vs(@location(0) position: vec2f) -> WaterVsOutput {
    let p = position * ocean.grid_spacing;
    var i: i32 = 0i;
    var v: u32 = 3u;
    var v_1: bool = true;
    var d: Displacement = Displacement(vec3f(0.0f), vec3f(1.0f, 0.0f, 0.0f), vec3f(0.0f, 0.0f, 1.0f));
    var d_1: Displacement;
    loop {
        if !v_1 {
            d_1 = d;
            break;
        }
        let d_2 = gerstner(ocean.waves[min(u32(i), 3u)], p, d);
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        d = d_2;
    }
    let world = vec3f(p.x, 0.0f, p.y) + d_1.offset;
    let normal = normalize(cross(d_1.binormal, d_1.tangent));
    return WaterVsOutput(ocean.view_proj * vec4f(world, 1.0f), world, normal, d_1.offset.y, p * 0.05f);
}

@fragment
fn water_fs(@location(0) world_position: vec3f, @location(1) normal: vec3f, @location(2) crest: f32, @location(3) uv: vec2f) -> @location(0) vec4f {
    let n = normalize(normal);
    let camera_position = ocean.camera_position;
    let v = normalize(camera_position.xyz - world_position);
    let fresnel = fresnel_schlick(dot(n, v), 0.02f);
    let texel = textureSample(environment_tex, environment_samp, reflect(-v, n));
    let reflected = texel.xyz;
    let depth_factor = saturate(dot(n, v));
    let deep_color = ocean.deep_color;
    let shallow_color = ocean.shallow_color;
    let water = mix(deep_color.xyz, shallow_color.xyz, vec3f(depth_factor));
    let color = mix(water, reflected, vec3f(fresnel));
    let foam_mask = smoothstep(ocean.foam_threshold, ocean.foam_threshold + 0.3f, crest);
    let texel_1 = textureSample(foam_texture_tex, foam_texture_samp, uv);
    let foam = texel_1.x * foam_mask;
    let color_1 = mix(color, vec3f(1.0f), vec3f(foam));
    return vec4f(color_1, 1.0f);
}
