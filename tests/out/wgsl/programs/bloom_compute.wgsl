struct BloomPass {
    src_lod: f32,
    threshold: f32,
    radius: f32,
    first: u32,
}

@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var lin: sampler;
@group(0) @binding(2) var dst: texture_storage_2d<rgba16float, write>;
@group(0) @binding(3) var prev_mip: texture_2d<f32>;
var<immediate> pass_: BloomPass;

fn karis(c: vec3f) -> f32 {
    return 1.0f / (1.0f + dot(c, vec3f(0.2126f, 0.7152f, 0.0722f)) * 0.25f);
}

fn tap(uv: vec2f, o: vec2f, texel: vec2f) -> vec3f {
    let texel_1 = textureSampleLevel(src, lin, uv + o * texel, pass_.src_lod);
    return texel_1.xyz;
}

@compute @workgroup_size(8, 8, 1)
fn downsample(@builtin(global_invocation_id) gid: vec3u) {
    let out_size = vec2i(textureDimensions(dst));
    let p = vec2i(gid.xy);
    if any(p >= out_size) {
        return;
    }
    let src_size = vec2i(textureDimensions(src, clamp(i32(pass_.src_lod), 0i, i32(textureNumLevels(src)) - 1i)));
    let texel = vec2f(1.0f) / vec2f(src_size);
    let uv = (vec2f(p) + vec2f(0.5f)) / vec2f(out_size);
    let a = tap(uv, vec2f(-2.0f), texel);
    let b = tap(uv, vec2f(0.0f, -2.0f), texel);
    let c = tap(uv, vec2f(2.0f, -2.0f), texel);
    let d = tap(uv, vec2f(-2.0f, 0.0f), texel);
    let e = tap(uv, vec2f(0.0f), texel);
    let f = tap(uv, vec2f(2.0f, 0.0f), texel);
    let g = tap(uv, vec2f(-2.0f, 2.0f), texel);
    let h = tap(uv, vec2f(0.0f, 2.0f), texel);
    let i = tap(uv, vec2f(2.0f), texel);
    let j = tap(uv, vec2f(-1.0f), texel);
    let k = tap(uv, vec2f(1.0f, -1.0f), texel);
    let l = tap(uv, vec2f(-1.0f, 1.0f), texel);
    let m = tap(uv, vec2f(1.0f), texel);
    var result: vec3f;
    if pass_.first == 1u {
        let g0 = (a + b + d + e) * 0.25f;
        let g1 = (b + c + e + f) * 0.25f;
        let g2 = (d + e + g + h) * 0.25f;
        let g3 = (e + f + h + i) * 0.25f;
        let g4 = (j + k + l + m) * 0.25f;
        let karis_1 = karis(g0);
        let karis_2 = karis(g1);
        let karis_3 = karis(g2);
        let karis_4 = karis(g3);
        let karis_5 = karis(g4);
        let result_1 = g0 * karis_1 * 0.125f + g1 * karis_2 * 0.125f + g2 * karis_3 * 0.125f + g3 * karis_4 * 0.125f + g4 * karis_5 * 0.5f;
        result = max(result_1 - vec3f(pass_.threshold), vec3f(0.0f));
    } else {
        result = e * 0.125f + (a + c + g + i) * 0.03125f + (b + d + f + h) * 0.0625f + (j + k + l + m) * 0.125f;
    }
    textureStore(dst, p, vec4f(result, 1.0f));
}

@compute @workgroup_size(8, 8, 1)
fn upsample(@builtin(global_invocation_id) gid: vec3u) {
    let out_size = vec2i(textureDimensions(dst));
    let p = vec2i(gid.xy);
    if p.x >= out_size.x || p.y >= out_size.y {
        return;
    }
    let uv = (vec2f(p) + vec2f(0.5f)) / vec2f(out_size);
    let r = vec2f(pass_.radius);
    let tap_1 = tap(uv, vec2f(0.0f), r);
    let sum = tap_1 * 4.0f;
    let tap_2 = tap(uv, vec2f(-1.0f, 0.0f), r);
    let tap_3 = tap(uv, vec2f(1.0f, 0.0f), r);
    let tap_4 = tap(uv, vec2f(0.0f, -1.0f), r);
    let tap_5 = tap(uv, vec2f(0.0f, 1.0f), r);
    let sum_1 = sum + (tap_2 + tap_3 + tap_4 + tap_5) * 2.0f;
    let tap_6 = tap(uv, vec2f(-1.0f), r);
    let tap_7 = tap(uv, vec2f(1.0f, -1.0f), r);
    let tap_8 = tap(uv, vec2f(-1.0f, 1.0f), r);
    let tap_9 = tap(uv, vec2f(1.0f), r);
    let sum_2 = sum_1 + (tap_6 + tap_7 + tap_8 + tap_9);
    let prev = textureLoad(prev_mip, p, 0i);
    textureStore(dst, p, vec4f(prev.xyz + sum_2 / vec3f(16.0f), 1.0f));
}
