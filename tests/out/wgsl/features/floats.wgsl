struct Inputs {
    x: f32,
    y: f32,
    t: f32,
    pad: f32,
    u: vec4f,
    v: vec4f,
    n: vec3f,
    eta: f32,
}

@group(0) @binding(0) var<uniform> inputs: Inputs;
@group(0) @binding(1) var<storage, read_write> results: array<vec4f>;

// GLSL-style `mod`: x - y * floor(x / y).
fn luma_mod_f32(x: f32, y: f32) -> f32 {
    return x - y * floor(x / y);
}

// GLSL-style `mod`: x - y * floor(x / y).
fn luma_mod_vec4f(x: vec4f, y: vec4f) -> vec4f {
    return x - y * floor(x / y);
}

@compute @workgroup_size(1, 1, 1)
fn floats() {
    let x = inputs.x;
    let y = inputs.y;
    let u = inputs.u;
    let v = inputs.v;
    results[min(0u, arrayLength(&results) - 1u)] = vec4f(x + y, x - y, x * y, x / y);
    results[min(1u, arrayLength(&results) - 1u)] = vec4f(x % y, luma_mod_f32(x, y), -x, 0.0f + x);
    results[min(2u, arrayLength(&results) - 1u)] = u % v + luma_mod_vec4f(u, v) + luma_mod_vec4f(u, vec4f(2.0f)) + u % vec4f(2.0f);
    results[min(3u, arrayLength(&results) - 1u)] = abs(u) + sign(v) + floor(u) + ceil(v) + round(u) + trunc(v) + fract(u);
    results[min(4u, arrayLength(&results) - 1u)] = min(u, v) + max(u, vec4f(0.5f)) + clamp(u, vec4f(0.0f), vec4f(1.0f)) + clamp(u, v, v + vec4f(1.0f)) + saturate(v);
    results[min(5u, arrayLength(&results) - 1u)] = mix(u, v, vec4f(0.25f)) + mix(u, v, v) + step(vec4f(0.5f), u) + step(u, v) + smoothstep(vec4f(0.0f), vec4f(1.0f), u) + smoothstep(u, v + vec4f(1.0f), v);
    results[min(6u, arrayLength(&results) - 1u)] = sqrt(abs(u)) + inverseSqrt(abs(v) + vec4f(1.0f)) + pow(abs(u), v) + exp(u) + exp2(v);
    results[min(7u, arrayLength(&results) - 1u)] = log(abs(u) + vec4f(1.0f)) + log2(abs(v) + vec4f(1.0f));
    results[min(8u, arrayLength(&results) - 1u)] = sin(u) + cos(v) + tan(u) + asin(clamp(v, vec4f(-1.0f), vec4f(1.0f))) + acos(clamp(u, vec4f(-1.0f), vec4f(1.0f)));
    results[min(9u, arrayLength(&results) - 1u)] = atan(u) + atan2(u, v) + sinh(v) + cosh(u) + tanh(v);
    results[min(10u, arrayLength(&results) - 1u)] = radians(u) + degrees(v) + fma(u, v, u);
    results[min(11u, arrayLength(&results) - 1u)] = vec4f(abs(x), sign(y), floor(x), ceil(y)) + vec4f(round(x), trunc(y), fract(x), sqrt(abs(y)));
    results[min(12u, arrayLength(&results) - 1u)] = vec4f(min(x, y), max(x, y), clamp(x, 0.0f, y), mix(x, y, inputs.t));
    results[min(13u, arrayLength(&results) - 1u)] = vec4f(step(x, y), smoothstep(0.0f, 1.0f, x), pow(abs(x), y), inverseSqrt(abs(y) + 1.0f));
    results[min(14u, arrayLength(&results) - 1u)] = vec4f(exp(x), exp2(y), log(abs(x) + 1.0f), log2(abs(y) + 1.0f));
    results[min(15u, arrayLength(&results) - 1u)] = vec4f(sin(x), cos(y), tan(x), atan2(x, y));
    results[min(16u, arrayLength(&results) - 1u)] = vec4f(asin(saturate(x)), acos(saturate(y)), atan(x), sinh(y));
    results[min(17u, arrayLength(&results) - 1u)] = vec4f(cosh(x), tanh(y), radians(x), degrees(y));
    results[min(18u, arrayLength(&results) - 1u)] = vec4f(fma(x, y, x), f32((bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u), f32((bitcast<u32>(y) & 0x7fffffffu) == 0x7f800000u), f32(any((bitcast<vec4u>(u) & vec4u(0x7fffffffu)) > vec4u(0x7f800000u)) || all((bitcast<vec4u>(v) & vec4u(0x7fffffffu)) == vec4u(0x7f800000u))));
    let n = normalize(inputs.n);
    let i = normalize(u.xyz);
    results[min(19u, arrayLength(&results) - 1u)] = vec4f(length(u), length(x), distance(u, v), distance(x, y));
    results[min(20u, arrayLength(&results) - 1u)] = vec4f(dot(u, v), dot(u.xy, v.zw), dot(i, n), length(cross(i, n)));
    results[min(21u, arrayLength(&results) - 1u)] = vec4f(reflect(i, n), 0.0f) + vec4f(refract(i, n, inputs.eta), 1.0f);
    results[min(22u, arrayLength(&results) - 1u)] = vec4f(faceForward(n, i, n), 0.0f) + vec4f(normalize(u.xy), normalize(v.zw));
    results[min(23u, arrayLength(&results) - 1u)] = vec4f(reflect(u.xy, v.xy), refract(u.zw, normalize(v.zw), 0.5f));
    let acc = u + v;
    let acc_1 = acc - vec4f(1.0f);
    let acc_2 = acc_1 * v;
    let acc_3 = acc_2 / vec4f(2.0f);
    let acc_4 = acc_3 % vec4f(3.0f);
    let s = x + 1.0f;
    let s_1 = s - y;
    let s_2 = s_1 * 2.0f;
    let s_3 = s_2 / y;
    let s_4 = s_3 % 4.0f;
    results[min(24u, arrayLength(&results) - 1u)] = acc_4 + vec4f(s_4);
}
