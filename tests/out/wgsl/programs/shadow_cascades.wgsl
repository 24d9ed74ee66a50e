diagnostic(off, derivative_uniformity);

struct Camera {
    view_proj: mat4x4f,
    view: mat4x4f,
    position: vec4f,
}

struct CascadeData {
    view_proj: array<mat4x4f, 4>,
    splits: vec4f,
    texel_sizes: vec4f,
    light_direction: vec4f,
    blend_band: f32,
    normal_bias: f32,
    depth_bias: f32,
    debug: i32,
}

struct SceneVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) world_position: vec3f,
    @location(1) normal: vec3f,
    @location(2) uv: vec2f,
    @location(3) view_depth: f32,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<uniform> cascades: CascadeData;
@group(0) @binding(2) var shadow_maps_tex: texture_depth_2d_array;
@group(0) @binding(3) var shadow_maps_samp: sampler_comparison;
@group(0) @binding(4) var albedo_map_tex: texture_2d<f32>;
@group(0) @binding(5) var albedo_map_samp: sampler;

fn select_cascade(view_depth: f32) -> i32 {
    let passed = vec4f(vec4f(view_depth) > cascades.splits);
    return min(i32(dot(passed, vec4f(1.0f))), 3i);
}

fn interleaved_gradient_noise(p: vec2f) -> f32 {
    return fract(52.982918f * fract(dot(p, vec2f(0.06711056f, 0.00583715f))));
}

fn shadow_in_cascade(index: i32, world_position: vec3f, normal: vec3f, rotation: f32) -> f32 {
    var local: array<vec2f, 16> = array<vec2f, 16>(vec2f(-0.94201624f, -0.39906216f), vec2f(0.9455861f, -0.76890725f), vec2f(-0.0941841f, -0.9293887f), vec2f(0.34495938f, 0.2938776f), vec2f(-0.9158858f, 0.45771432f), vec2f(-0.8154423f, -0.87912464f), vec2f(-0.38277543f, 0.27676845f), vec2f(0.974844f, 0.7564838f), vec2f(0.44323325f, -0.97511554f), vec2f(0.5374298f, -0.4737342f), vec2f(-0.2649691f, -0.41893023f), vec2f(0.79197514f, 0.19090188f), vec2f(-0.2418884f, 0.99706507f), vec2f(-0.81409955f, 0.9143759f), vec2f(0.19984126f, 0.78641367f), vec2f(0.14383161f, -0.1410079f));
    let offset_position = world_position + normal * cascades.normal_bias * cascades.texel_sizes[min(u32(index), 3u)];
    let light_clip = cascades.view_proj[min(u32(index), 3u)] * vec4f(offset_position, 1.0f);
    let ndc = light_clip.xyz / vec3f(light_clip.w);
    let uv = vec2f(ndc.x * 0.5f + 0.5f, 0.5f - ndc.y * 0.5f);
    if any(uv < vec2f(0.0f)) || any(uv > vec2f(1.0f)) || ndc.z > 1.0f {
        return 1.0f;
    }
    let reference = ndc.z - cascades.depth_bias;
    let filter_radius = vec2f(1.5f) / vec2f(vec2i(textureDimensions(shadow_maps_tex, 0i)));
    let s = sin(rotation);
    let c = cos(rotation);
    let rotate = mat2x2f(vec2f(c, s), vec2f(-s, c));
    var i: i32 = 0i;
    var v: u32 = 15u;
    var v_1: bool = true;
    var lit: f32 = 0.0f;
    var lit_1: f32;
    loop {
        if !v_1 {
            lit_1 = lit;
            break;
        }
        let t = local[i];
        let tap_uv = uv + rotate * t * filter_radius;
        let texel = textureSampleCompareLevel(shadow_maps_tex, shadow_maps_samp, tap_uv, index, reference);
        let lit_2 = lit + texel;
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        lit = lit_2;
    }
    return lit_1 / 16.0f;
}

@vertex
fn scene_vs(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f) -> SceneVsOutput {
    let world = vec4f(position, 1.0f);
    return SceneVsOutput(camera.view_proj * world, position, normal, uv, -(camera.view * world).z);
}

@fragment
fn scene_fs(@builtin(position) clip: vec4f, @location(0) world_position: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f, @location(3) view_depth: f32) -> @location(0) vec4f {
    var local: array<vec3f, 4> = array<vec3f, 4>(vec3f(1.0f, 0.4f, 0.4f), vec3f(0.4f, 1.0f, 0.4f), vec3f(0.4f, 0.4f, 1.0f), vec3f(1.0f, 1.0f, 0.4f));
    let n = normalize(normal);
    let light_direction = cascades.light_direction;
    let l = normalize(-light_direction.xyz);
    let interleaved_gradient_noise_1 = interleaved_gradient_noise(clip.xy);
    let rotation = interleaved_gradient_noise_1 * 6.2831855f;
    let index = select_cascade(view_depth);
    let shadow = shadow_in_cascade(index, world_position, n, rotation);
    var shadow_1: f32 = shadow;
    if index < 3i {
        let far = cascades.splits[min(u32(index), 3u)];
        let fade = (far - view_depth) / cascades.blend_band;
        var shadow_2: f32 = shadow;
        if fade < 1.0f {
            let next = shadow_in_cascade(index + 1i, world_position, n, rotation);
            shadow_2 = mix(next, shadow, saturate(fade));
        }
        shadow_1 = shadow_2;
    }
    let texel = textureSample(albedo_map_tex, albedo_map_samp, uv);
    let albedo = texel.xyz;
    let lit = albedo * (0.15f + 0.85f * max(dot(n, l), 0.0f) * shadow_1);
    var lit_1: vec3f = lit;
    if cascades.debug != 0i {
        let t = local[index];
        lit_1 = lit * t;
    }
    return vec4f(lit_1, 1.0f);
}
