diagnostic(off, derivative_uniformity);

struct Kernel {
    samples: array<vec4f, 64>,
}

struct Ubo {
    projection: mat4x4f,
}

struct VsOutput {
    @builtin(position) pos: vec4f,
    @location(0) uv: vec2f,
}

@id(0) override SSAO_KERNEL_SIZE: i32 = 64i;
@id(1) override SSAO_RADIUS: f32 = 0.5f;

@group(0) @binding(0) var sampler_position_depth_tex: texture_2d<f32>;
@group(0) @binding(1) var sampler_position_depth_samp: sampler;
@group(0) @binding(2) var sampler_normal_tex: texture_2d<f32>;
@group(0) @binding(3) var sampler_normal_samp: sampler;
@group(0) @binding(4) var ssao_noise_tex: texture_2d<f32>;
@group(0) @binding(5) var ssao_noise_samp: sampler;
@group(0) @binding(6) var<uniform> ubo_ssao_kernel: Kernel;
@group(0) @binding(7) var<uniform> ubo: Ubo;
@group(0) @binding(8) var sampler_ssao_tex: texture_2d<f32>;
@group(0) @binding(9) var sampler_ssao_samp: sampler;

@vertex
fn vs(@builtin(vertex_index) vi: u32) -> VsOutput {
    let uv = vec2f(f32((vi << 1u) & 2u), f32(vi & 2u));
    return VsOutput(vec4f(uv * 2.0f - vec2f(1.0f), 0.0f, 1.0f), uv);
}

@fragment
fn ssao(@location(0) uv: vec2f) -> @location(0) f32 {
    let texel = textureSample(sampler_position_depth_tex, sampler_position_depth_samp, uv);
    let frag_pos = texel.xyz;
    let texel_1 = textureSample(sampler_normal_tex, sampler_normal_samp, uv);
    let normal = normalize(texel_1.xyz * 2.0f - vec3f(1.0f));
    let tex_dim = vec2f(vec2i(textureDimensions(sampler_position_depth_tex)));
    let noise_dim = vec2f(vec2i(textureDimensions(ssao_noise_tex)));
    let noise_uv = tex_dim / noise_dim * uv;
    let texel_2 = textureSample(ssao_noise_tex, ssao_noise_samp, noise_uv);
    let random_vec = texel_2.xyz * 2.0f - vec3f(1.0f);
    let tangent = normalize(random_vec - normal * dot(random_vec, normal));
    let bitangent = cross(tangent, normal);
    let tbn = mat3x3f(tangent, bitangent, normal);
    var t: i32;
    t = SSAO_KERNEL_SIZE;
    let count = min(t, 64i);
    let t_1 = count - 1i;
    var i: i32 = 0i;
    var v: u32 = bitcast<u32>(t_1) - 0u;
    var v_1: bool = 0i <= t_1;
    var v_2: u32 = 0u;
    var occlusion: f32 = 0.0f;
    var occlusion_1: f32;
    loop {
        if !(v_2 < 64u) {
            occlusion_1 = occlusion;
            break;
        }
        if !v_1 {
            occlusion_1 = occlusion;
            break;
        }
        let t_2 = ubo_ssao_kernel.samples[min(u32(i), 63u)];
        let sample_pos = frag_pos + tbn * t_2.xyz * SSAO_RADIUS;
        let offset = ubo.projection * vec4f(sample_pos, 1.0f);
        let t_3 = offset.xyz / vec3f(offset.w);
        let offset_1 = vec4f(t_3, offset.w);
        let t_4 = offset_1.xyz * 0.5f + vec3f(0.5f);
        let offset_2 = vec4f(t_4, offset_1.w);
        let texel_3 = textureSampleLevel(sampler_position_depth_tex, sampler_position_depth_samp, offset_2.xy, 0.0f);
        let sample_depth = -texel_3.w;
        let range_check = smoothstep(0.0f, 1.0f, SSAO_RADIUS / abs(frag_pos.z - sample_depth));
        let occlusion_2 = occlusion + select(0.0f, 1.0f, sample_depth >= sample_pos.z + 0.025f) * range_check;
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        occlusion = occlusion_2;
    }
    return 1.0f - occlusion_1 / f32(count);
}

@fragment
fn blur(@location(0) uv: vec2f) -> @location(0) f32 {
    let texel_size = vec2f(1.0f) / vec2f(vec2i(textureDimensions(sampler_ssao_tex)));
    var x: i32 = -2i;
    var v: u32 = 4u;
    var v_1: bool = true;
    var n: i32 = 0i;
    var result: f32 = 0.0f;
    var n_1: i32;
    var result_1: f32;
    loop {
        if !v_1 {
            n_1 = n;
            result_1 = result;
            break;
        }
        var y: i32 = -2i;
        var v_2: u32 = 4u;
        var v_3: bool = true;
        var n_2: i32 = n;
        var result_2: f32 = result;
        var n_3: i32;
        var result_3: f32;
        loop {
            if !v_3 {
                n_3 = n_2;
                result_3 = result_2;
                break;
            }
            let offset = vec2f(f32(x), f32(y)) * texel_size;
            let texel = textureSample(sampler_ssao_tex, sampler_ssao_samp, uv + offset);
            let result_4 = result_2 + texel.x;
            let n_4 = n_2 + 1i;
            let next_v = v_2 != 0u;
            y = y + 1i;
            v_2 = v_2 - 1u;
            v_3 = next_v;
            n_2 = n_4;
            result_2 = result_4;
        }
        let next_v_1 = v != 0u;
        x = x + 1i;
        v = v - 1u;
        v_1 = next_v_1;
        n = n_3;
        result = result_3;
    }
    return result_1 / f32(n_1);
}
