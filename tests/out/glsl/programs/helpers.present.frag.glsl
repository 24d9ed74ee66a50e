#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform params_block {
    float time;
    float exposure;
    float hue_shift;
    vec4 rotation;
    uint count;
} params;

float remap(float x, float a, float b, float c, float d) {
    return c + (x - a) * (d - c) / (b - a);
}

float remap01(float x, float a, float b) {
    float remap_1 = remap(x, a, b, 0.0, 1.0);
    return clamp(remap_1, 0.0, 1.0);
}

float srgb_to_linear1(float c) {
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

vec3 srgb_to_linear(vec3 c) {
    float srgb_to_linear1_1 = srgb_to_linear1(c.x);
    float srgb_to_linear1_2 = srgb_to_linear1(c.y);
    float srgb_to_linear1_3 = srgb_to_linear1(c.z);
    return vec3(srgb_to_linear1_1, srgb_to_linear1_2, srgb_to_linear1_3);
}

float linear_to_srgb1(float c) {
    return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 0.41666666) - 0.055;
}

vec3 linear_to_srgb(vec3 c) {
    float linear_to_srgb1_1 = linear_to_srgb1(c.x);
    float linear_to_srgb1_2 = linear_to_srgb1(c.y);
    float linear_to_srgb1_3 = linear_to_srgb1(c.z);
    return vec3(linear_to_srgb1_1, linear_to_srgb1_2, linear_to_srgb1_3);
}

float max3(vec3 v) {
    return max(v.x, max(v.y, v.z));
}

float min3(vec3 v) {
    return min(v.x, min(v.y, v.z));
}

vec3 rgb_to_hsv(vec3 c) {
    float hi = max3(c);
    float lo = min3(c);
    float delta = hi - lo;
    float h = 0.0;
    if (delta > 1e-6) {
        float h_1;
        if (hi == c.x) {
            h_1 = mod((c.y - c.z) / delta, 6.0);
        } else if (hi == c.y) {
            h_1 = (c.z - c.x) / delta + 2.0;
        } else {
            h_1 = (c.x - c.y) / delta + 4.0;
        }
        h = h_1;
    }
    float s = hi > 1e-6 ? delta / hi : 0.0;
    return vec3(h / 6.0, s, hi);
}

vec3 hsv_to_rgb(vec3 c) {
    vec3 p = abs(fract(vec3(c.x) + vec3(1.0, 0.6666667, 0.33333334)) * 6.0 - vec3(3.0));
    return mix(vec3(1.0), clamp(p - vec3(1.0), 0.0, 1.0), vec3(c.y)) * c.z;
}

vec3 shift_hue(vec3 c, float amount) {
    vec3 hsv = rgb_to_hsv(c);
    vec3 hsv_1 = hsv;
    hsv_1.x = fract(hsv.x + amount);
    vec3 hsv_to_rgb_1 = hsv_to_rgb(hsv_1);
    return hsv_to_rgb_1;
}

vec2 rotate2(vec2 v, float angle) {
    float s = sin(angle);
    float c = cos(angle);
    return vec2(c * v.x - s * v.y, s * v.x + c * v.y);
}

vec4 quat_conjugate(vec4 q) {
    return vec4(-q.xyz, q.w);
}

vec4 quat_mul(vec4 a, vec4 b) {
    return vec4(b.xyz * a.w + a.xyz * b.w + cross(a.xyz, b.xyz), a.w * b.w - dot(a.xyz, b.xyz));
}

vec3 quat_rotate(vec4 q, vec3 v) {
    vec4 quat_mul_1 = quat_mul(q, vec4(v, 0.0));
    vec4 quat_conjugate_1 = quat_conjugate(q);
    vec4 quat_mul_2 = quat_mul(quat_mul_1, quat_conjugate_1);
    return quat_mul_2.xyz;
}

vec3 spherical_to_cartesian(float theta, float phi) {
    return vec3(sin(theta) * cos(phi), cos(theta), sin(theta) * sin(phi));
}

vec3 safe_normalize(vec3 v) {
    float len_sq = dot(v, v);
    return len_sq > 1e-6 ? v * inversesqrt(len_sq) : vec3(0.0, 0.0, 1.0);
}

vec2 cartesian_to_spherical(vec3 v) {
    vec3 n = safe_normalize(v);
    return vec2(acos(clamp(n.y, -1.0, 1.0)), atan(n.z, n.x));
}

vec2 equirect_uv(vec3 dir) {
    vec2 s = cartesian_to_spherical(dir);
    return vec2(s.y / 6.2831855 + 0.5, s.x / 3.1415927);
}

float sq(float x) {
    return x * x;
}

float cube(float x) {
    float sq_1 = sq(x);
    return x * sq_1;
}

float ease_in_out_cubic(float t) {
    float v;
    if (t < 0.5) {
        float cube_1 = cube(t);
        v = 4.0 * cube_1;
    } else {
        float cube_2 = cube(-2.0 * t + 2.0);
        v = 1.0 - cube_2 * 0.5;
    }
    return v;
}

float ease_out_elastic(float t) {
    if (t <= 0.0 || t >= 1.0) {
        return clamp(t, 0.0, 1.0);
    }
    return pow(2.0, -10.0 * t) * sin((t * 10.0 - 0.75) * 6.2831855 / 3.0) + 1.0;
}

float luminance(vec3 c) {
    return dot(c, vec3(0.2126, 0.7152, 0.0722));
}

vec3 tonemap_reinhard(vec3 c) {
    float l = luminance(c);
    return c / vec3(1.0 + l);
}

vec3 expose(vec3 c) {
    return c * exp2(params.exposure);
}

void main() {
    vec2 centred = rotate2(uv - vec2(0.5), params.time * 0.1);
    vec3 spherical_to_cartesian_1 = spherical_to_cartesian(centred.y * 3.1415927 + 1.5707964, centred.x * 6.2831855);
    vec3 dir = quat_rotate(params.rotation, spherical_to_cartesian_1);
    vec2 env_uv = equirect_uv(dir);
    float ease_in_out_cubic_1 = ease_in_out_cubic(fract(params.time));
    vec3 base = srgb_to_linear(vec3(env_uv, ease_in_out_cubic_1));
    vec3 expose_1 = expose(base);
    vec3 tonemap_reinhard_1 = tonemap_reinhard(expose_1);
    vec3 graded = shift_hue(tonemap_reinhard_1, params.hue_shift);
    float remap01_1 = remap01(sin(params.time), -1.0, 1.0);
    float pulse = ease_out_elastic(remap01_1);
    vec3 linear_to_srgb_1 = linear_to_srgb(graded * (0.8 + 0.2 * pulse));
    color = vec4(linear_to_srgb_1, 1.0);
}
