struct SsaoParams {
    projection: mat4x4f,
    inv_projection: mat4x4f,
    kernel: array<vec4f, 64>,
    noise_scale: vec2f,
    radius: f32,
    bias: f32,
    kernel_size: i32,
    power: f32,
}

@group(0) @binding(0) var<uniform> ssao: SsaoParams;
@group(0) @binding(1) var depth_buffer_tex: texture_2d<f32>;
@group(0) @binding(2) var depth_buffer_samp: sampler;
@group(0) @binding(3) var normal_buffer_tex: texture_2d<f32>;
@group(0) @binding(4) var normal_buffer_samp: sampler;
@group(0) @binding(5) var rotation_noise_tex: texture_2d<f32>;
@group(0) @binding(6) var rotation_noise_samp: sampler;
@group(0) @binding(7) var occlusion_input_tex: texture_2d<f32>;
@group(0) @binding(8) var occlusion_input_samp: sampler;

fn reconstruct_view_position(uv: vec2f) -> vec3f {
    let texel = textureSampleLevel(depth_buffer_tex, depth_buffer_samp, uv, 0.0f);
    let depth = texel.x;
    let clip = vec4f(uv.x * 2.0f - 1.0f, 1.0f - uv.y * 2.0f, depth, 1.0f);
    let view = ssao.inv_projection * clip;
    return view.xyz / vec3f(view.w);
}

fn view_normal(uv: vec2f) -> vec3f {
    let texel = textureSampleLevel(normal_buffer_tex, normal_buffer_samp, uv, 0.0f);
    return normalize(texel.xyz * 2.0f - vec3f(1.0f));
}

fn tangent_frame(n: vec3f, random: vec3f) -> mat3x3f {
    let tangent = normalize(random - n * dot(random, n));
    let bitangent = cross(n, tangent);
    return mat3x3f(tangent, bitangent, n);
}

fn project_to_uv(view_pos: vec3f) -> vec2f {
    let offset = ssao.projection * vec4f(view_pos, 1.0f);
    let ndc = offset.xy / vec2f(offset.w);
    return vec2f(ndc.x * 0.5f + 0.5f, 0.5f - ndc.y * 0.5f);
}

fn continue_marker() {
}

@fragment
fn ssao_fs(@location(0) uv: vec2f) -> @location(0) f32 {
    let position = reconstruct_view_position(uv);
    let normal = view_normal(uv);
    let texel = textureSampleLevel(rotation_noise_tex, rotation_noise_samp, uv * ssao.noise_scale, 0.0f);
    let random = vec3f(texel.xy * 2.0f - vec2f(1.0f), 0.0f);
    let tbn = tangent_frame(normal, random);
    let count = clamp(ssao.kernel_size, 1i, 64i);
    let t = count - 1i;
    var i: i32 = 0i;
    var v: u32 = bitcast<u32>(t) - 0u;
    var v_1: bool = 0i <= t;
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
        let t_1 = ssao.kernel[min(u32(i), 63u)];
        let sample_pos = position + tbn * t_1.xyz * ssao.radius;
        let sample_uv = project_to_uv(sample_pos);
        var occlusion_2: f32;
        if any(sample_uv < vec2f(0.0f)) || any(sample_uv > vec2f(1.0f)) {
            continue_marker();
            occlusion_2 = occlusion;
        } else {
            let reconstruct_view_position_1 = reconstruct_view_position(sample_uv);
            let scene_depth = reconstruct_view_position_1.z;
            let range_check = smoothstep(0.0f, 1.0f, ssao.radius / abs(position.z - scene_depth));
            occlusion_2 = occlusion + step(sample_pos.z + ssao.bias, scene_depth) * range_check;
        }
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        occlusion = occlusion_2;
    }
    let visibility = 1.0f - occlusion_1 / f32(count);
    return pow(saturate(visibility), ssao.power);
}

@fragment
fn blur_fs(@location(0) uv: vec2f) -> @location(0) f32 {
    let texel = vec2f(1.0f) / vec2f(vec2i(textureDimensions(occlusion_input_tex, 0i)));
    var y: i32 = -2i;
    var v: u32 = 3u;
    var v_1: bool = true;
    var sum: f32 = 0.0f;
    var sum_1: f32;
    loop {
        if !v_1 {
            sum_1 = sum;
            break;
        }
        var x: i32 = -2i;
        var v_2: u32 = 3u;
        var v_3: bool = true;
        var sum_2: f32 = sum;
        var sum_3: f32;
        loop {
            if !v_3 {
                sum_3 = sum_2;
                break;
            }
            let offset = vec2f(f32(x), f32(y)) * texel;
            let texel_1 = textureSampleLevel(occlusion_input_tex, occlusion_input_samp, uv + offset, 0.0f);
            let sum_4 = sum_2 + texel_1.x;
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
    return sum_1 / 16.0f;
}
