enable f16;

@group(0) @binding(0) var<storage, read> xs: array<vec4f>;
@group(0) @binding(1) var<storage, read> hs: array<vec2h>;
@group(0) @binding(2) var<storage, read_write> out_f: array<vec4f>;
@group(0) @binding(3) var<storage, read_write> out_h: array<vec2h>;

@compute @workgroup_size(1, 1, 1)
fn inverse_hyperbolic(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x;
    let x = xs[min(i, arrayLength(&xs) - 1u)];
    out_f[min(i, arrayLength(&out_f) - 1u)] = vec4f(asinh(x.xy), acosh(x.z + 1.0f), atanh(x.w * 0.5f));
    let t = asinh(x) + acosh(abs(x) + vec4f(1.0f)) + atanh(x * 0.25f);
    let t_1 = 2.0f;
    let t_2 = 2.0f;
    let t_3 = 0.5f;
    out_f[min(i + 1u, arrayLength(&out_f) - 1u)] = t.zwxy + vec4f(asinh(t_1), acosh(t_2), atanh(t_3), 0.0f);
    let t_4 = hs[min(i, arrayLength(&hs) - 1u)];
    let t_5 = hs[min(i, arrayLength(&hs) - 1u)];
    let t_6 = hs[min(i, arrayLength(&hs) - 1u)].x;
    out_h[min(i, arrayLength(&out_h) - 1u)] = asinh(t_4) + acosh(t_5 + vec2h(1.0h)) + vec2h(atanh(t_6 * 0.5h));
}
