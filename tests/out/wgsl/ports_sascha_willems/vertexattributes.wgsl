diagnostic(off, derivative_uniformity);

struct Ubo {
    projection: mat4x4f,
    view: mat4x4f,
    light_pos: vec4f,
    view_pos: vec4f,
}

struct PushConsts {
    model: mat4x4f,
    alpha_mask: u32,
    alpha_mask_cutoff: f32,
}

struct VsOutput {
    @builtin(position) clip: vec4f,
    @location(0) normal: vec3f,
    @location(1) uv: vec2f,
    @location(2) view_vec: vec3f,
    @location(3) light_vec: vec3f,
    @location(4) tangent: vec4f,
}

@group(0) @binding(0) var<uniform> ubo: Ubo;
var<immediate> push_consts: PushConsts;
@group(1) @binding(0) var sampler_color_map_tex: texture_2d<f32>;
@group(1) @binding(1) var sampler_color_map_samp: sampler;
@group(1) @binding(2) var sampler_normal_map_tex: texture_2d<f32>;
@group(1) @binding(3) var sampler_normal_map_samp: sampler;

@vertex
fn vs(@location(0) pos: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f, @location(3) tangent: vec4f) -> VsOutput {
    let world = push_consts.model * vec4f(pos, 1.0f);
    let model = push_consts.model;
    let t = model[0];
    let t_1 = model[1];
    let t_2 = model[2];
    let view_pos = ubo.view_pos;
    let light_pos = ubo.light_pos;
    return VsOutput(ubo.projection * ubo.view * world, mat3x3f(t.xyz, t_1.xyz, t_2.xyz) * normal, uv, view_pos.xyz - world.xyz, light_pos.xyz - world.xyz, tangent);
}

@fragment
fn fs(@location(0) normal: vec3f, @location(1) uv: vec2f, @location(2) view_vec: vec3f, @location(3) light_vec: vec3f, @location(4) tangent: vec4f) -> @location(0) vec4f {
    let color = textureSample(sampler_color_map_tex, sampler_color_map_samp, uv);
    let texel = textureSample(sampler_normal_map_tex, sampler_normal_map_samp, uv);
    let mapped = texel.xyz;
    if push_consts.alpha_mask == 1u && color.w < push_consts.alpha_mask_cutoff {
        discard;
    }
    let t = normalize(tangent.xyz);
    let b = cross(normal, tangent.xyz) * tangent.w;
    let tbn = mat3x3f(t, b, normalize(normal));
    let n = tbn * normalize(mapped * 2.0f - vec3f(1.0f));
    let l = normalize(light_vec);
    let v = normalize(view_vec);
    let r = reflect(-l, n);
    let diffuse = vec3f(max(dot(n, l), 0.1f));
    let specular = pow(max(dot(r, v), 0.0f), 32.0f);
    return vec4f(diffuse * color.xyz + vec3f(specular), color.w);
}
