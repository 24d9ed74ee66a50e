diagnostic(off, derivative_uniformity);

struct Cascades {
    view_proj: array<mat4x4f, 4>,
    splits: vec4f,
    poisson: array<vec4f, 8>,
    light_pos: vec3f,
    light_far: f32,
    texel: vec2f,
    filter_radius: f32,
    cascade_count: i32,
}

struct CutoutOutput {
    @location(0) color: vec4f,
    @builtin(frag_depth) depth: f32,
    @builtin(sample_mask) mask: u32,
}

struct VsOutput {
    @builtin(position) clip: vec4f,
    @location(0) world: vec3f,
    @location(1) normal: vec3f,
    @location(2) uv: vec2f,
    @location(3) view_depth: f32,
}

@group(0) @binding(0) var<uniform> cascades: Cascades;
@group(0) @binding(1) var cascade_maps: texture_depth_2d_array;
@group(0) @binding(2) var point_map: texture_depth_cube;
@group(0) @binding(3) var shadow_sampler: sampler_comparison;
@group(0) @binding(4) var albedo_tex: texture_2d<f32>;
@group(0) @binding(5) var albedo_samp: sampler;
@group(0) @binding(6) var env_tex: texture_cube<f32>;
@group(0) @binding(7) var env_samp: sampler;

fn select_cascade(view_depth: f32) -> i32 {
    var i: i32 = 0i;
    var v: u32 = 2u;
    var v_1: bool = true;
    var c: i32 = 0i;
    var c_1: i32;
    loop {
        if !v_1 {
            c_1 = c;
            break;
        }
        var c_2: i32 = c;
        if view_depth > cascades.splits[min(u32(i), 3u)] {
            c_2 = i + 1i;
        }
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        c = c_2;
    }
    return min(c_1, cascades.cascade_count - 1i);
}

fn cascade_shadow(world: vec3f, view_depth: f32, angle: f32) -> f32 {
    let layer = select_cascade(view_depth);
    let p = cascades.view_proj[min(u32(layer), 3u)] * vec4f(world, 1.0f);
    let ndc = p.xyz / vec3f(p.w);
    let uv = ndc.xy * 0.5f + vec2f(0.5f);
    let s = sin(angle);
    let c = cos(angle);
    var i: i32 = 0i;
    var v: u32 = 7u;
    var v_1: bool = true;
    var lit_1: f32 = 0.0f;
    var lit_2: f32;
    loop {
        if !v_1 {
            lit_2 = lit_1;
            break;
        }
        let t = cascades.poisson[min(u32(i), 7u)];
        let o = t.xy;
        let r = vec2f(o.x * c - o.y * s, o.x * s + o.y * c) * cascades.texel * cascades.filter_radius;
        let texel = textureSampleCompareLevel(cascade_maps, shadow_sampler, uv + r, layer, ndc.z - 0.002f);
        let lit_3 = lit_1 + texel;
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        lit_1 = lit_3;
    }
    return lit_2 / 8.0f;
}

fn point_shadow(world: vec3f) -> f32 {
    let to_frag = world - cascades.light_pos;
    let depth = length(to_frag) / cascades.light_far;
    let texel = textureSampleCompare(point_map, shadow_sampler, normalize(to_frag), depth - 0.005f);
    return texel;
}

// @early_depth: WGSL cannot force early fragment tests
@fragment
fn lit(@location(0) world: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f, @location(3) view_depth: f32) -> @location(0) vec4f {
    let n = normalize(normal);
    let angle = fract(sin(dot(world.xz, vec2f(12.9898f, 78.233f))) * 43758.547f) * 6.2831855f;
    let base = textureSample(albedo_tex, albedo_samp, uv);
    let texel = textureSampleLevel(env_tex, env_samp, reflect(normalize(world), n), 2.0f);
    let refl = texel.xyz;
    let cascade_shadow_1 = cascade_shadow(world, view_depth, angle);
    let point_shadow_1 = point_shadow(world);
    let sh = cascade_shadow_1 * point_shadow_1;
    return vec4f(base.xyz * (0.1f + 0.9f * sh) + refl * 0.04f, base.w);
}

@fragment
fn cutout(@builtin(position) frag: vec4f, @location(0) world: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f, @location(3) view_depth: f32, @builtin(sample_mask) mask_in: u32, @builtin(front_facing) front: bool) -> CutoutOutput {
    let base = textureSample(albedo_tex, albedo_samp, uv);
    let coverage = u32(clamp(base.w, 0.0f, 1.0f) * 4.0f + 0.5f);
    let m = mask_in & ((1u << coverage) - 1u);
    if m == 0u {
        discard;
    }
    let n = select(-normal, normal, front);
    let shade = max(dot(normalize(n), normalize(cascades.light_pos - world)), 0.0f);
    let point_shadow_1 = point_shadow(world);
    return CutoutOutput(vec4f(base.xyz * shade * point_shadow_1, 1.0f), frag.z * 0.999f, m);
}

@vertex
fn vs(@location(0) pos: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f) -> VsOutput {
    let clip = cascades.view_proj[0u] * vec4f(pos, 1.0f);
    return VsOutput(clip, pos, normal, uv, clip.w);
}
