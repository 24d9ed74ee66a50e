#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform inputs_block {
    float x;
    float y;
    float t;
    float pad;
    vec4 u;
    vec4 v;
    vec3 n;
    float eta;
} inputs;
layout(set = 0, binding = 1, std430) buffer results_block {
    vec4 results[];
};

// Luma `%` on floats: x - y * trunc(x / y).
float luma_rem(float a, float b) {
    return a - b * trunc(a / b);
}

// Luma `%` on floats: x - y * trunc(x / y).
vec4 luma_rem(vec4 a, vec4 b) {
    return a - b * trunc(a / b);
}

void main() {
    float x = inputs.x;
    float y = inputs.y;
    vec4 u = inputs.u;
    vec4 v = inputs.v;
    results[min(0u, uint(results.length()) - 1u)] = vec4(x + y, x - y, x * y, x / y);
    results[min(1u, uint(results.length()) - 1u)] = vec4(luma_rem(x, y), mod(x, y), -x, 0.0 + x);
    results[min(2u, uint(results.length()) - 1u)] = luma_rem(u, v) + mod(u, v) + mod(u, vec4(2.0)) + luma_rem(u, vec4(2.0));
    results[min(3u, uint(results.length()) - 1u)] = abs(u) + sign(v) + floor(u) + ceil(v) + roundEven(u) + trunc(v) + fract(u);
    results[min(4u, uint(results.length()) - 1u)] = min(u, v) + max(u, vec4(0.5)) + clamp(u, vec4(0.0), vec4(1.0)) + min(max(u, v), v + vec4(1.0)) + clamp(v, 0.0, 1.0);
    results[min(5u, uint(results.length()) - 1u)] = mix(u, v, vec4(0.25)) + mix(u, v, v) + step(vec4(0.5), u) + step(u, v) + smoothstep(vec4(0.0), vec4(1.0), u) + smoothstep(u, v + vec4(1.0), v);
    results[min(6u, uint(results.length()) - 1u)] = sqrt(abs(u)) + inversesqrt(abs(v) + vec4(1.0)) + pow(abs(u), v) + exp(u) + exp2(v);
    results[min(7u, uint(results.length()) - 1u)] = log(abs(u) + vec4(1.0)) + log2(abs(v) + vec4(1.0));
    results[min(8u, uint(results.length()) - 1u)] = sin(u) + cos(v) + tan(u) + asin(clamp(v, vec4(-1.0), vec4(1.0))) + acos(clamp(u, vec4(-1.0), vec4(1.0)));
    results[min(9u, uint(results.length()) - 1u)] = atan(u) + atan(u, v) + sinh(v) + cosh(u) + tanh(v);
    results[min(10u, uint(results.length()) - 1u)] = radians(u) + degrees(v) + fma(u, v, u);
    results[min(11u, uint(results.length()) - 1u)] = vec4(abs(x), sign(y), floor(x), ceil(y)) + vec4(roundEven(x), trunc(y), fract(x), sqrt(abs(y)));
    results[min(12u, uint(results.length()) - 1u)] = vec4(min(x, y), max(x, y), min(max(x, 0.0), y), mix(x, y, inputs.t));
    results[min(13u, uint(results.length()) - 1u)] = vec4(step(x, y), smoothstep(0.0, 1.0, x), pow(abs(x), y), inversesqrt(abs(y) + 1.0));
    results[min(14u, uint(results.length()) - 1u)] = vec4(exp(x), exp2(y), log(abs(x) + 1.0), log2(abs(y) + 1.0));
    results[min(15u, uint(results.length()) - 1u)] = vec4(sin(x), cos(y), tan(x), atan(x, y));
    results[min(16u, uint(results.length()) - 1u)] = vec4(asin(clamp(x, 0.0, 1.0)), acos(clamp(y, 0.0, 1.0)), atan(x), sinh(y));
    results[min(17u, uint(results.length()) - 1u)] = vec4(cosh(x), tanh(y), radians(x), degrees(y));
    results[min(18u, uint(results.length()) - 1u)] = vec4(fma(x, y, x), float(isnan(x)), float(isinf(y)), float(any(isnan(u)) || all(isinf(v))));
    vec3 n = normalize(inputs.n);
    vec3 i = normalize(u.xyz);
    results[min(19u, uint(results.length()) - 1u)] = vec4(length(u), length(x), distance(u, v), distance(x, y));
    results[min(20u, uint(results.length()) - 1u)] = vec4(dot(u, v), dot(u.xy, v.zw), dot(i, n), length(cross(i, n)));
    results[min(21u, uint(results.length()) - 1u)] = vec4(reflect(i, n), 0.0) + vec4(refract(i, n, inputs.eta), 1.0);
    results[min(22u, uint(results.length()) - 1u)] = vec4(faceforward(n, i, n), 0.0) + vec4(normalize(u.xy), normalize(v.zw));
    results[min(23u, uint(results.length()) - 1u)] = vec4(reflect(u.xy, v.xy), refract(u.zw, normalize(v.zw), 0.5));
    vec4 acc = u + v;
    vec4 acc_1 = acc - vec4(1.0);
    vec4 acc_2 = acc_1 * v;
    vec4 acc_3 = acc_2 / vec4(2.0);
    vec4 acc_4 = luma_rem(acc_3, vec4(3.0));
    float s = x + 1.0;
    float s_1 = s - y;
    float s_2 = s_1 * 2.0;
    float s_3 = s_2 / y;
    float s_4 = luma_rem(s_3, 4.0);
    results[min(24u, uint(results.length()) - 1u)] = acc_4 + vec4(s_4);
}
