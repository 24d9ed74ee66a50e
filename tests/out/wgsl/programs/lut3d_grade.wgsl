struct GradeParams {
    lut_size: i32,
    exposure: f32,
    shaper_min: f32,
    shaper_max: f32,
    blend: f32,
    mode: u32,
    dims: vec2i,
}

struct Blend {
    weight: f32,
    size: i32,
}

struct FullscreenVsOutput {
    @builtin(position) pos: vec4f,
    @location(0) uv: vec2f,
}

@group(0) @binding(0) var<uniform> grade: GradeParams;
@group(0) @binding(1) var lut_a_tex: texture_3d<f32>;
@group(0) @binding(2) var lut_a_samp: sampler;
@group(0) @binding(3) var lut_b: texture_3d<f32>;
@group(0) @binding(4) var lut_sampler: sampler;
@group(0) @binding(5) var src: texture_storage_2d<rgba16float, read>;
@group(0) @binding(6) var dst: texture_storage_2d<rgba16float, write>;
var<immediate> blend_pc: Blend;
@group(0) @binding(7) var frame_tex: texture_2d<f32>;
@group(0) @binding(8) var frame_samp: sampler;

fn shaper(c: vec3f) -> vec3f {
    let l = log2(max(c * exp2(grade.exposure), vec3f(1e-6f)));
    return saturate((l - vec3f(grade.shaper_min)) / vec3f(grade.shaper_max - grade.shaper_min));
}

fn lut_coord(u: vec3f, size: i32) -> vec3f {
    let n = f32(size);
    return u * ((n - 1.0f) / n) + vec3f(0.5f / n);
}

fn fetch(p: vec3i) -> vec3f {
    let texel = textureLoad(lut_a_tex, p, 0i);
    return texel.xyz;
}

fn tetrahedral(u: vec3f, size: i32) -> vec3f {
    let s = u * f32(size - 1i);
    let base = vec3i(floor(s));
    let hi = size - 2i;
    let b = clamp(base, vec3i(0i), vec3i(hi));
    let f = s - vec3f(b);
    let c000 = fetch(b);
    let c111 = fetch(b + vec3i(1i));
    var r: vec3f;
    if f.x > f.y {
        var r_1: vec3f;
        if f.y > f.z {
            let c100 = fetch(b + vec3i(1i, 0i, 0i));
            let c110 = fetch(b + vec3i(1i, 1i, 0i));
            r_1 = c000 + (c100 - c000) * f.x + (c110 - c100) * f.y + (c111 - c110) * f.z;
        } else if f.x > f.z {
            let c100_1 = fetch(b + vec3i(1i, 0i, 0i));
            let c101 = fetch(b + vec3i(1i, 0i, 1i));
            r_1 = c000 + (c100_1 - c000) * f.x + (c101 - c100_1) * f.z + (c111 - c101) * f.y;
        } else {
            let c001 = fetch(b + vec3i(0i, 0i, 1i));
            let c101_1 = fetch(b + vec3i(1i, 0i, 1i));
            r_1 = c000 + (c001 - c000) * f.z + (c101_1 - c001) * f.x + (c111 - c101_1) * f.y;
        }
        r = r_1;
    } else if f.z > f.y {
        let c001_1 = fetch(b + vec3i(0i, 0i, 1i));
        let c011 = fetch(b + vec3i(0i, 1i, 1i));
        r = c000 + (c001_1 - c000) * f.z + (c011 - c001_1) * f.y + (c111 - c011) * f.x;
    } else if f.z > f.x {
        let c010 = fetch(b + vec3i(0i, 1i, 0i));
        let c011_1 = fetch(b + vec3i(0i, 1i, 1i));
        r = c000 + (c010 - c000) * f.y + (c011_1 - c010) * f.z + (c111 - c011_1) * f.x;
    } else {
        let c010_1 = fetch(b + vec3i(0i, 1i, 0i));
        let c110_1 = fetch(b + vec3i(1i, 1i, 0i));
        r = c000 + (c010_1 - c000) * f.y + (c110_1 - c010_1) * f.x + (c111 - c110_1) * f.z;
    }
    return r;
}

@compute @workgroup_size(8, 8, 1)
fn grade_image(@builtin(global_invocation_id) id: vec3u) {
    let p = vec2i(id.xy);
    if any(p >= grade.dims) {
        return;
    }
    let c = textureLoad(src, p);
    let u = shaper(c.xyz);
    var graded: vec3f;
    if grade.mode == 0u {
        let lut_coord_1 = lut_coord(u, grade.lut_size);
        let texel = textureSampleLevel(lut_a_tex, lut_a_samp, lut_coord_1, 0.0f);
        graded = texel.xyz;
    } else {
        let graded_1 = tetrahedral(u, grade.lut_size);
        graded = graded_1;
    }
    textureStore(dst, p, vec4f(graded, c.w));
}

@vertex
fn fullscreen_vs(@builtin(vertex_index) vi: u32) -> FullscreenVsOutput {
    let uv = vec2f(f32((vi << 1u) & 2u), f32(vi & 2u));
    return FullscreenVsOutput(vec4f(uv * 2.0f - vec2f(1.0f), 0.0f, 1.0f), uv);
}

@fragment
fn grade_fs(@location(0) uv: vec2f) -> @location(0) vec4f {
    let c = textureSample(frame_tex, frame_samp, uv);
    let coord = lut_coord(saturate(c.xyz), blend_pc.size);
    let texel = textureSample(lut_a_tex, lut_a_samp, coord);
    let a = texel.xyz;
    let texel_1 = textureSample(lut_b, lut_sampler, coord);
    let b = texel_1.xyz;
    return vec4f(mix(a, b, vec3f(blend_pc.weight)), c.w);
}
