struct Fog {
    inv_view_proj: mat4x4f,
    light_view_proj: mat4x4f,
    camera_position: vec4f,
    sun_direction: vec4f,
    sun_color: vec4f,
    ambient_color: vec4f,
    density: f32,
    height_falloff: f32,
    anisotropy: f32,
    max_distance: f32,
    noise_scale: f32,
    wind_offset: vec3f,
    steps: i32,
    frame: u32,
}

@group(0) @binding(0) var<uniform> fog: Fog;
@group(0) @binding(1) var scene_depth_tex: texture_2d<f32>;
@group(0) @binding(2) var scene_depth_samp: sampler;
@group(0) @binding(3) var noise_volume_tex: texture_3d<f32>;
@group(0) @binding(4) var noise_volume_samp: sampler;
@group(0) @binding(5) var sun_shadow_tex: texture_depth_2d;
@group(0) @binding(6) var sun_shadow_samp: sampler_comparison;

fn world_position(uv: vec2f, depth: f32) -> vec3f {
    let ndc = vec4f(uv.x * 2.0f - 1.0f, 1.0f - uv.y * 2.0f, depth, 1.0f);
    let world = fog.inv_view_proj * ndc;
    return world.xyz / vec3f(world.w);
}

fn henyey_greenstein(cos_theta: f32, g: f32) -> f32 {
    let g2 = g * g;
    return (1.0f - g2) / (12.566371f * pow(1.0f + g2 - 2.0f * g * cos_theta, 1.5f));
}

fn density_at(p: vec3f) -> f32 {
    let height = exp(-max(p.y, 0.0f) * fog.height_falloff);
    let texel = textureSampleLevel(noise_volume_tex, noise_volume_samp, p * fog.noise_scale + fog.wind_offset, 0.0f);
    let n = texel.x;
    return fog.density * height * (0.5f + n);
}

fn sun_visibility(p: vec3f) -> f32 {
    let clip = fog.light_view_proj * vec4f(p, 1.0f);
    let s = clip.xyz / vec3f(clip.w);
    let uv = vec2f(s.x * 0.5f + 0.5f, 0.5f - s.y * 0.5f);
    if uv.x < 0.0f || uv.x > 1.0f || uv.y < 0.0f || uv.y > 1.0f {
        return 1.0f;
    }
    let texel = textureSampleCompareLevel(sun_shadow_tex, sun_shadow_samp, uv, s.z - 0.002f);
    return texel;
}

@fragment
fn fog_fs(@builtin(position) frag: vec4f, @location(0) uv: vec2f) -> @location(0) vec4f {
    let texel = textureSampleLevel(scene_depth_tex, scene_depth_samp, uv, 0.0f);
    let depth = texel.x;
    let end_point = world_position(uv, depth);
    let camera_position = fog.camera_position;
    let start = camera_position.xyz;
    let ray = end_point - start;
    let ray_length = min(length(ray), fog.max_distance);
    let dir = normalize(ray);
    let steps = clamp(fog.steps, 1i, 128i);
    let step_length = ray_length / f32(steps);
    let jitter = fract(52.982918f * fract(dot(frag.xy + vec2f(f32(fog.frame % 64u) * 5.588238f), vec2f(0.06711056f, 0.00583715f))));
    let sun_direction = fog.sun_direction;
    let phase = henyey_greenstein(dot(dir, -normalize(sun_direction.xyz)), fog.anisotropy);
    let t = steps - 1i;
    var i: i32 = 0i;
    var v: u32 = bitcast<u32>(t) - 0u;
    var v_1: bool = 0i <= t;
    var v_2: u32 = 0u;
    var transmittance: f32 = 1.0f;
    var scattered: vec3f = vec3f(0.0f);
    var transmittance_1: f32;
    var scattered_1: vec3f;
    loop {
        if !(v_2 < 128u) {
            transmittance_1 = transmittance;
            scattered_1 = scattered;
            break;
        }
        if !v_1 {
            transmittance_1 = transmittance;
            scattered_1 = scattered;
            break;
        }
        let p = start + dir * (f32(i) + jitter) * step_length;
        let sigma = density_at(p);
        var transmittance_2: f32 = transmittance;
        var scattered_2: vec3f = scattered;
        if sigma > 0.0001f {
            let sun_color = fog.sun_color;
            let sun_visibility_1 = sun_visibility(p);
            let ambient_color = fog.ambient_color;
            let light = sun_color.xyz * sun_visibility_1 * phase + ambient_color.xyz;
            let step_transmittance = exp(-sigma * step_length);
            let scattered_3 = scattered + light * transmittance * (1.0f - step_transmittance);
            let transmittance_3 = transmittance * step_transmittance;
            if transmittance_3 < 0.01f {
                transmittance_1 = transmittance_3;
                scattered_1 = scattered_3;
                break;
            }
            transmittance_2 = transmittance_3;
            scattered_2 = scattered_3;
        }
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        transmittance = transmittance_2;
        scattered = scattered_2;
    }
    return vec4f(scattered_1, 1.0f - transmittance_1);
}
