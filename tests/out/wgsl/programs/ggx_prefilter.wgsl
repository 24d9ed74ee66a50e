struct Prefilter {
    roughness: f32,
    face: i32,
    mip_size: i32,
    pad: i32,
}

@group(0) @binding(0) var env_tex: texture_cube<f32>;
@group(0) @binding(1) var env_samp: sampler;
@group(0) @binding(2) var out_face: texture_storage_2d_array<rgba16float, write>;
var<immediate> pf: Prefilter;

fn hammersley(i: u32, n: u32) -> vec2f {
    return vec2f(f32(i) / f32(n), f32(reverseBits(i)) * 2.3283064e-10f);
}

fn importance_ggx(xi: vec2f, n: vec3f, rough: f32) -> vec3f {
    let a = rough * rough;
    let phi = 6.2831855f * xi.x;
    let cos_t = sqrt((1.0f - xi.y) / (1.0f + (a * a - 1.0f) * xi.y));
    let sin_t = sqrt(1.0f - cos_t * cos_t);
    let h = vec3f(cos(phi) * sin_t, sin(phi) * sin_t, cos_t);
    let up = select(vec3f(1.0f, 0.0f, 0.0f), vec3f(0.0f, 0.0f, 1.0f), abs(n.z) < 0.999f);
    let tx = normalize(cross(up, n));
    let ty = cross(n, tx);
    return normalize(tx * h.x + ty * h.y + n * h.z);
}

fn face_dir(face: i32, uv: vec2f) -> vec3f {
    let s = uv * 2.0f - vec2f(1.0f);
    if face == 0i {
        return vec3f(1.0f, -s.y, -s.x);
    } else if face == 1i {
        return vec3f(-1.0f, -s.y, s.x);
    } else if face == 2i {
        return vec3f(s.x, 1.0f, s.y);
    } else if face == 3i {
        return vec3f(s.x, -1.0f, -s.y);
    } else if face == 4i {
        return vec3f(s.x, -s.y, 1.0f);
    }
    return vec3f(-s.x, -s.y, -1.0f);
}

@compute @workgroup_size(8, 8, 1)
fn prefilter(@builtin(global_invocation_id) gid: vec3u) {
    let p = vec2i(gid.xy);
    if p.x >= pf.mip_size || p.y >= pf.mip_size {
        return;
    }
    let uv = (vec2f(p) + vec2f(0.5f)) / vec2f(f32(pf.mip_size));
    let face_dir_1 = face_dir(pf.face, uv);
    let n = normalize(face_dir_1);
    let env_size = f32(vec2i(textureDimensions(env_tex)).x);
    let levels = f32(i32(textureNumLevels(env_tex)));
    var i: u32 = 0u;
    var v: u32 = 63u;
    var v_1: bool = true;
    var acc: vec3f = vec3f(0.0f);
    var weight: f32 = 0.0f;
    var acc_1: vec3f;
    var weight_1: f32;
    loop {
        if !v_1 {
            acc_1 = acc;
            weight_1 = weight;
            break;
        }
        let hammersley_1 = hammersley(i, 64u);
        let h = importance_ggx(hammersley_1, n, pf.roughness);
        let l = normalize(h * (2.0f * dot(n, h)) - n);
        let ndl = dot(n, l);
        var acc_2: vec3f = acc;
        var weight_2: f32 = weight;
        if ndl > 0.0f {
            let sa_texel = 12.566371f / (6.0f * env_size * env_size);
            let lod = clamp(0.5f * log2(1.0f / (64.0f * sa_texel)), 0.0f, levels - 1.0f);
            let texel = textureSampleLevel(env_tex, env_samp, l, lod);
            acc_2 = acc + texel.xyz * ndl;
            weight_2 = weight + ndl;
        }
        let next_v = v != 0u;
        i = i + 1u;
        v = v - 1u;
        v_1 = next_v;
        acc = acc_2;
        weight = weight_2;
    }
    textureStore(out_face, p, pf.face, vec4f(acc_1 / vec3f(max(weight_1, 0.0001f)), 1.0f));
}
