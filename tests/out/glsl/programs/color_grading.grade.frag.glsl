#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform grading_block {
    float exposure;
    float temperature;
    float tint;
    float saturation;
    float contrast;
    float lut_strength;
    float vignette_strength;
    float grain_strength;
    vec4 lift;
    vec4 gamma;
    vec4 gain;
    vec2 resolution;
    uint frame;
    float lut_size;
} grading;
layout(set = 0, binding = 1) uniform sampler2D hdr;
layout(set = 0, binding = 3) uniform sampler3D lut;

vec3 white_balance(vec3 c, float temperature, float tint) {
    float t1 = temperature * 10.0 / 6.0;
    float t2 = tint * 10.0 / 6.0;
    float x = 0.31271 - t1 * (t1 < 0.0 ? 0.1 : 0.05);
    float standard_y = 2.87 * x - 3.0 * x * x - 0.27509508;
    float y = standard_y + t2 * 0.05;
    float big_x = 1.0 * x / y;
    float big_z = 1.0 * (1.0 - x - y) / y;
    float l = 0.7328 * big_x + 0.4296 - 0.1624 * big_z;
    float m = -0.7036 * big_x + 1.6975 + 0.0061 * big_z;
    float s = 0.003 * big_x + 0.0136 + 0.9834 * big_z;
    vec3 balance = vec3(0.949237, 1.03542, 1.08728) / vec3(l, m, s);
    vec3 lms = mat3(vec3(0.390405, 0.0708416, 0.0231082), vec3(0.549941, 0.963172, 0.128021), vec3(0.00892632, 0.00135775, 0.936245)) * c;
    return mat3(vec3(2.85847, -0.210182, -0.041812), vec3(-1.62879, 1.1582, -0.118169), vec3(-0.024891, 0.000324281, 1.06867)) * (lms * balance);
}

vec3 aces_fitted(vec3 x) {
    return clamp(x * (x * 2.51 + vec3(0.03)) / (x * (x * 2.43 + vec3(0.59)) + vec3(0.14)), 0.0, 1.0);
}

vec3 lift_gamma_gain(vec3 c) {
    vec4 lift = grading.lift;
    vec4 lift_1 = grading.lift;
    vec3 lifted = c * (vec3(1.5) - lift.xyz * 0.5) + lift_1.xyz * 0.5 - vec3(0.5);
    vec4 gain = grading.gain;
    vec3 gained = clamp(lifted, 0.0, 1.0) * gain.xyz;
    vec4 gamma = grading.gamma;
    return pow(max(gained, vec3(0.0)), vec3(1.0) / max(gamma.xyz, vec3(0.001)));
}

vec3 adjust_saturation_contrast(vec3 c) {
    float grey = dot(c, vec3(0.2126, 0.7152, 0.0722));
    vec3 saturated = mix(vec3(grey), c, vec3(grading.saturation));
    vec3 log_c = log2(max(saturated, vec3(1e-5)));
    float pivot = log2(0.18);
    return exp2((log_c - vec3(pivot)) * grading.contrast + vec3(pivot));
}

vec3 apply_lut(vec3 c) {
    float size = grading.lut_size;
    float scale = (size - 1.0) / size;
    float offset = 0.5 / size;
    vec4 texel = textureLod(lut, clamp(c, 0.0, 1.0) * scale + vec3(offset), 0.0);
    vec3 graded = texel.xyz;
    return mix(c, graded, vec3(grading.lut_strength));
}

float vignette(vec2 uv_1) {
    vec2 centred = uv_1 * 2.0 - vec2(1.0);
    vec2 centred_1 = centred;
    centred_1.x = centred.x * (grading.resolution.x / grading.resolution.y);
    float falloff = dot(centred_1, centred_1) * 0.25;
    return 1.0 - grading.vignette_strength * falloff * falloff;
}

uint hash2(uvec2 p) {
    uint h = p.x * 1664525u + p.y * 1013904223u + grading.frame * 2654435769u;
    uint h_1 = h ^ (h >> 16u);
    uint h_2 = h_1 * 2146121005u;
    uint h_3 = h_2 ^ (h_2 >> 15u);
    uint h_4 = h_3 * 2221713035u;
    uint h_5 = h_4 ^ (h_4 >> 16u);
    return h_5;
}

float random01(uint h) {
    return float(h >> 8u) * 5.9604645e-8;
}

vec3 linear_to_srgb(vec3 c) {
    vec3 low = c * 12.92;
    vec3 high = pow(max(c, vec3(0.0)), vec3(0.41666666)) * 1.055 - vec3(0.055);
    return mix(high, low, vec3(lessThanEqual(c, vec3(0.0031308))));
}

void main() {
    vec4 texel = textureLod(hdr, uv, 0.0);
    vec3 hdr_color = texel.xyz * exp2(grading.exposure);
    vec3 c = white_balance(hdr_color, grading.temperature, grading.tint);
    vec3 c_1 = aces_fitted(c);
    vec3 c_2 = lift_gamma_gain(c_1);
    vec3 c_3 = adjust_saturation_contrast(c_2);
    vec3 c_4 = apply_lut(c_3);
    float vignette_1 = vignette(uv);
    vec3 c_5 = c_4 * vignette_1;
    uvec2 pixel = uvec2(gl_FragCoord.xy);
    uint h = hash2(pixel);
    float random01_1 = random01(h);
    float grain = (random01_1 - 0.5) * grading.grain_strength;
    vec3 c_6 = max(c_5 + c_5 * grain, vec3(0.0));
    vec3 srgb = linear_to_srgb(c_6);
    float random01_2 = random01(h * 747796405u);
    float random01_3 = random01(h ^ 2654435769u);
    float dither = (random01_2 + random01_3 - 1.0) / 255.0;
    color = vec4(srgb + vec3(dither), 1.0);
}
