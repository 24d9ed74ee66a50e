struct Grading {
    exposure: f32,
    temperature: f32,
    tint: f32,
    saturation: f32,
    contrast: f32,
    lut_strength: f32,
    vignette_strength: f32,
    grain_strength: f32,
    lift: vec4f,
    gamma: vec4f,
    gain: vec4f,
    resolution: vec2f,
    frame: u32,
    lut_size: f32,
}

@group(0) @binding(0) var<uniform> grading: Grading;
@group(0) @binding(1) var hdr_tex: texture_2d<f32>;
@group(0) @binding(2) var hdr_samp: sampler;
@group(0) @binding(3) var lut_tex: texture_3d<f32>;
@group(0) @binding(4) var lut_samp: sampler;

fn white_balance(c: vec3f, temperature: f32, tint: f32) -> vec3f {
    let t1 = temperature * 10.0f / 6.0f;
    let t2 = tint * 10.0f / 6.0f;
    let x = 0.31271f - t1 * select(0.05f, 0.1f, t1 < 0.0f);
    let standard_y = 2.87f * x - 3.0f * x * x - 0.27509508f;
    let y = standard_y + t2 * 0.05f;
    let big_x = 1.0f * x / y;
    let big_z = 1.0f * (1.0f - x - y) / y;
    let l = 0.7328f * big_x + 0.4296f - 0.1624f * big_z;
    let m = -0.7036f * big_x + 1.6975f + 0.0061f * big_z;
    let s = 0.003f * big_x + 0.0136f + 0.9834f * big_z;
    let balance = vec3f(0.949237f, 1.03542f, 1.08728f) / vec3f(l, m, s);
    let lms = mat3x3f(vec3f(0.390405f, 0.0708416f, 0.0231082f), vec3f(0.549941f, 0.963172f, 0.128021f), vec3f(0.00892632f, 0.00135775f, 0.936245f)) * c;
    return mat3x3f(vec3f(2.85847f, -0.210182f, -0.041812f), vec3f(-1.62879f, 1.1582f, -0.118169f), vec3f(-0.024891f, 0.000324281f, 1.06867f)) * (lms * balance);
}

fn aces_fitted(x: vec3f) -> vec3f {
    return saturate(x * (x * 2.51f + vec3f(0.03f)) / (x * (x * 2.43f + vec3f(0.59f)) + vec3f(0.14f)));
}

fn lift_gamma_gain(c: vec3f) -> vec3f {
    let lift = grading.lift;
    let lift_1 = grading.lift;
    let lifted = c * (vec3f(1.5f) - lift.xyz * 0.5f) + lift_1.xyz * 0.5f - vec3f(0.5f);
    let gain = grading.gain;
    let gained = saturate(lifted) * gain.xyz;
    let gamma = grading.gamma;
    return pow(max(gained, vec3f(0.0f)), vec3f(1.0f) / max(gamma.xyz, vec3f(0.001f)));
}

fn adjust_saturation_contrast(c: vec3f) -> vec3f {
    let grey = dot(c, vec3f(0.2126f, 0.7152f, 0.0722f));
    let saturated = mix(vec3f(grey), c, vec3f(grading.saturation));
    let log_c = log2(max(saturated, vec3f(1e-5f)));
    let t = 0.18f;
    let pivot = log2(t);
    return exp2((log_c - vec3f(pivot)) * grading.contrast + vec3f(pivot));
}

fn apply_lut(c: vec3f) -> vec3f {
    let size = grading.lut_size;
    let scale = (size - 1.0f) / size;
    let offset = 0.5f / size;
    let texel = textureSampleLevel(lut_tex, lut_samp, saturate(c) * scale + vec3f(offset), 0.0f);
    let graded = texel.xyz;
    return mix(c, graded, vec3f(grading.lut_strength));
}

fn vignette(uv: vec2f) -> f32 {
    let centred = uv * 2.0f - vec2f(1.0f);
    var centred_1: vec2f = centred;
    centred_1.x = centred.x * (grading.resolution.x / grading.resolution.y);
    let falloff = dot(centred_1, centred_1) * 0.25f;
    return 1.0f - grading.vignette_strength * falloff * falloff;
}

fn hash2(p: vec2u) -> u32 {
    let h = p.x * 1664525u + p.y * 1013904223u + grading.frame * 2654435769u;
    let h_1 = h ^ (h >> 16u);
    let h_2 = h_1 * 2146121005u;
    let h_3 = h_2 ^ (h_2 >> 15u);
    let h_4 = h_3 * 2221713035u;
    let h_5 = h_4 ^ (h_4 >> 16u);
    return h_5;
}

fn random01(h: u32) -> f32 {
    return f32(h >> 8u) * 5.9604645e-8f;
}

fn linear_to_srgb(c: vec3f) -> vec3f {
    let low = c * 12.92f;
    let high = pow(max(c, vec3f(0.0f)), vec3f(0.41666666f)) * 1.055f - vec3f(0.055f);
    return mix(high, low, vec3f(c <= vec3f(0.0031308f)));
}

@fragment
fn grade(@builtin(position) frag: vec4f, @location(0) uv: vec2f) -> @location(0) vec4f {
    let texel = textureSampleLevel(hdr_tex, hdr_samp, uv, 0.0f);
    let hdr_color = texel.xyz * exp2(grading.exposure);
    let c = white_balance(hdr_color, grading.temperature, grading.tint);
    let c_1 = aces_fitted(c);
    let c_2 = lift_gamma_gain(c_1);
    let c_3 = adjust_saturation_contrast(c_2);
    let c_4 = apply_lut(c_3);
    let vignette_1 = vignette(uv);
    let c_5 = c_4 * vignette_1;
    let pixel = vec2u(frag.xy);
    let h = hash2(pixel);
    let random01_1 = random01(h);
    let grain = (random01_1 - 0.5f) * grading.grain_strength;
    let c_6 = max(c_5 + c_5 * grain, vec3f(0.0f));
    let srgb = linear_to_srgb(c_6);
    let random01_2 = random01(h * 747796405u);
    let random01_3 = random01(h ^ 2654435769u);
    let dither = (random01_2 + random01_3 - 1.0f) / 255.0f;
    return vec4f(srgb + vec3f(dither), 1.0f);
}
