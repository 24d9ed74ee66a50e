enable f16;

@group(0) @binding(0) var<storage, read> xs: array<vec4f>;
@group(0) @binding(1) var<storage, read> hs: array<vec2h>;
@group(0) @binding(2) var<storage, read> es: array<vec4i>;
@group(0) @binding(3) var<storage, read_write> out_f: array<vec4f>;
@group(0) @binding(4) var<storage, read_write> out_h: array<vec2h>;

@compute @workgroup_size(1, 1, 1)
fn ldexp_all(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x;
    let x = xs[min(i, arrayLength(&xs) - 1u)];
    let e = es[min(i, arrayLength(&es) - 1u)];
    out_f[min(i, arrayLength(&out_f) - 1u)] = ldexp(x, e);
    let t = vec2i(-2i, 200i);
    out_f[min(i + 1u, arrayLength(&out_f) - 1u)] = vec4f(ldexp(x.x, 3i), ldexp(x.y, e.y), ldexp(x.zw, t));
    let t_1 = hs[min(i, arrayLength(&hs) - 1u)];
    let t_2 = hs[min(i, arrayLength(&hs) - 1u)].x;
    let t_3 = 20i;
    let t_4 = 1.5h;
    out_h[min(i, arrayLength(&out_h) - 1u)] = ldexp(t_1, e.xy) + vec2h(ldexp(t_2, t_3), ldexp(t_4, 2i));
}
