struct Inputs {
    f: vec4f,
    i: vec4i,
    u: vec4u,
    index: i32,
    threshold: f32,
    pad0: f32,
    pad1: f32,
}

@group(0) @binding(0) var<uniform> inputs: Inputs;
@group(0) @binding(1) var<storage, read_write> out_floats: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> out_ints: array<vec4i>;
@group(0) @binding(3) var<storage, read_write> out_uints: array<vec4u>;

fn from_ivec2(v: vec2i) -> vec4i {
    return vec4i(v.yx, v * vec2i(2i));
}

@compute @workgroup_size(1, 1, 1)
fn vectors() {
    let from_int = vec4f(inputs.i);
    let from_uint = vec4i(inputs.u);
    let from_float = vec4u(abs(inputs.f));
    let to_bool = vec4<bool>(inputs.i);
    let v = inputs.f;
    let a = v + v.wzyx + v + v + v.xxxx + v.wwww;
    let t = v.xyz;
    let b = vec4f(v.xy, v.zw) + vec4f(v.x, v.y, v.z, v.w) + vec4f(v.zy, v.yx) + vec4f(t.zyx, v.w);
    let w = vec4f(1.0f, 2.0f, 3.0f, 0.0f);
    let w_1 = vec4f(v.xy.y, w.yz, v.xy.x);
    let w_2 = vec4f(w_1.zyx, w_1.w);
    let t_1 = w_2.xyz + vec3f(1.0f);
    let w_3 = vec4f(t_1, w_2.w);
    let t_2 = w_3.zw * 2.0f;
    let w_4 = vec4f(w_3.xy, t_2);
    let dyn = v[inputs.index];
    let w_5 = select(w_4, vec4f(dyn), vec4u(0u, 1u, 2u, 3u) == vec4u(min(bitcast<u32>(inputs.index), 3u)));
    var w_6: vec4f = w_5;
    w_6.w = w_5.x + w_5.y;
    let same = all(v == inputs.f) && any(vec4i(1i, -2i, 1i, -2i) != inputs.i);
    let lt = v < w_6;
    let le = inputs.i <= vec4i(1i, -2i, 1i, -2i);
    let gt = inputs.u > vec4u(7u, 1u, 2u, 9u);
    let ge = v >= vec4f(2.0f);
    let eq = vec4<bool>(false, true, false, true) == to_bool;
    let ne = inputs.u != vec4u(7u, 1u, 2u, 9u);
    let flags = vec4<bool>(any(lt), all(le), any(gt) && all(ge), any(eq) || any(ne));
    let not_flags = !flags;
    let picked = select(b, a, same);
    out_floats[min(0u, arrayLength(&out_floats) - 1u)] = a + b + w_6 + picked;
    out_floats[min(1u, arrayLength(&out_floats) - 1u)] = vec4f(1.5f, 3.0f, 5.0f, 5.0f) + from_int + vec4f(1.0f, 0.0f, 1.0f, 0.0f);
    out_floats[min(2u, arrayLength(&out_floats) - 1u)] = vec4f(not_flags) + vec4f(flags) + vec4f(1.0f) + vec4f(1.0f, 0.0f, 1.0f, 0.0f);
    let from_ivec2_1 = from_ivec2(vec2i(1i, -2i));
    out_ints[min(0u, arrayLength(&out_ints) - 1u)] = vec4i(1i, -5i, 3i, -1i) + from_ivec2_1 + from_uint;
    out_uints[min(0u, arrayLength(&out_uints) - 1u)] = vec4u(12u, 6u, 3u, 11u) + from_float + vec4u(to_bool);
}
