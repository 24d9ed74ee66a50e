diagnostic(off, derivative_uniformity);

struct Camera {
    proj: mat4x4f,
    inv_proj: mat4x4f,
}

@id(0) override SAMPLE_COUNT: i32 = 16i;
@id(1) override USE_NOISE: bool = true;
@id(2) override RADIUS: f32 = 0.5f;
@id(3) override INTENSITY: f32 = 1.0f;
@id(10) override BIAS: f32 = 0.025f;

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var depth_tex_tex: texture_2d<f32>;
@group(0) @binding(2) var depth_tex_samp: sampler;
@group(0) @binding(3) var noise_tex_tex: texture_2d<f32>;
@group(0) @binding(4) var noise_tex_samp: sampler;

fn view_position(uv: vec2f) -> vec3f {
    let texel = textureSampleLevel(depth_tex_tex, depth_tex_samp, uv, 0.0f);
    let depth = texel.x;
    let ndc = vec4f(uv * 2.0f - vec2f(1.0f), depth, 1.0f);
    let view = camera.inv_proj * ndc;
    return view.xyz / vec3f(view.w);
}

@fragment
fn ssao(@location(0) uv: vec2f) -> @location(0) f32 {
    var local: array<vec3f, 8> = array<vec3f, 8>(vec3f(0.06f, 0.04f, 0.02f), vec3f(-0.1f, 0.05f, 0.08f), vec3f(0.12f, -0.15f, 0.1f), vec3f(-0.05f, -0.2f, 0.21f), vec3f(0.3f, 0.12f, 0.25f), vec3f(-0.28f, 0.3f, 0.33f), vec3f(0.41f, -0.38f, 0.4f), vec3f(-0.5f, -0.45f, 0.55f));
    let origin = view_position(uv);
    let t = dpdx(origin);
    let t_1 = dpdy(origin);
    let normal = normalize(cross(t, t_1));
    var rotation: vec2f = vec2f(1.0f, 0.0f);
    if USE_NOISE {
        let texel = textureSampleLevel(noise_tex_tex, noise_tex_samp, uv * 16.0f, 0.0f);
        rotation = texel.xy * 2.0f - vec2f(1.0f);
    }
    var t_2: i32;
    t_2 = SAMPLE_COUNT;
    let t_3 = t_2 - 1i;
    var i: i32 = 0i;
    var v: u32 = bitcast<u32>(t_3) - 0u;
    var v_1: bool = 0i <= t_3;
    var v_2: u32 = 0u;
    var occluded: f32 = 0.0f;
    var occluded_1: f32;
    loop {
        if !(v_2 < 64u) {
            occluded_1 = occluded;
            break;
        }
        if !v_1 {
            occluded_1 = occluded;
            break;
        }
        let k = local[i % 8i];
        let rotated = vec3f(k.x * rotation.x - k.y * rotation.y, k.x * rotation.y + k.y * rotation.x, k.z);
        let dir = faceForward(rotated, -normal, rotated);
        let p = origin + dir * RADIUS;
        let clip = camera.proj * vec4f(p, 1.0f);
        let sample_uv = clip.xy / vec2f(clip.w) * 0.5f + vec2f(0.5f);
        let view_position_1 = view_position(sample_uv);
        let scene_z = view_position_1.z;
        let range = smoothstep(0.0f, 1.0f, RADIUS / abs(origin.z - scene_z));
        let occluded_2 = occluded + select(0.0f, range, scene_z >= p.z + BIAS);
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        occluded = occluded_2;
    }
    var t_4: i32;
    t_4 = SAMPLE_COUNT;
    return 1.0f - occluded_1 / f32(t_4) * INTENSITY;
}
