struct Light {
    position: vec4f,
    color: vec3f,
    radius: f32,
}

struct Ubo {
    lights: array<Light, 6>,
    view_pos: vec4f,
    debug_display_target: i32,
}

struct VsOutput {
    @builtin(position) pos: vec4f,
    @location(0) uv: vec2f,
}

@id(0) override NUM_SAMPLES: i32 = 8i;

@group(0) @binding(1) var sampler_position: texture_multisampled_2d<f32>;
@group(0) @binding(2) var sampler_normal: texture_multisampled_2d<f32>;
@group(0) @binding(3) var sampler_albedo: texture_multisampled_2d<f32>;
@group(0) @binding(4) var<uniform> ubo: Ubo;

fn resolve_albedo(uv: vec2i) -> vec4f {
    var t: i32;
    t = NUM_SAMPLES;
    let t_1 = t - 1i;
    var i: i32 = 0i;
    var v: u32 = bitcast<u32>(t_1) - 0u;
    var v_1: bool = 0i <= t_1;
    var v_2: u32 = 0u;
    var result: vec4f = vec4f(0.0f);
    var result_1: vec4f;
    loop {
        if !(v_2 < 64u) {
            result_1 = result;
            break;
        }
        if !v_1 {
            result_1 = result;
            break;
        }
        let result_2 = result + textureLoad(sampler_albedo, uv, i);
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        result = result_2;
    }
    var t_2: i32;
    t_2 = NUM_SAMPLES;
    return result_1 / vec4f(f32(t_2));
}

fn calculate_lighting(pos: vec3f, normal: vec3f, albedo: vec4f) -> vec3f {
    var i: i32 = 0i;
    var v: u32 = 5u;
    var v_1: bool = true;
    var result: vec3f = vec3f(0.0f);
    var result_1: vec3f;
    loop {
        if !v_1 {
            result_1 = result;
            break;
        }
        let light = ubo.lights[min(u32(i), 5u)];
        let t = light.position;
        let l = t.xyz - pos;
        let dist = length(l);
        let view_pos = ubo.view_pos;
        let v_2 = normalize(view_pos.xyz - pos);
        let l_1 = normalize(l);
        let atten = light.radius / (pow(dist, 2.0f) + 1.0f);
        let n = normalize(normal);
        let n_dot_l = max(0.0f, dot(n, l_1));
        let diff = light.color * albedo.xyz * n_dot_l * atten;
        let r = reflect(-l_1, n);
        let n_dot_r = max(0.0f, dot(r, v_2));
        let spec = light.color * albedo.w * pow(n_dot_r, 8.0f) * atten;
        let result_2 = result + (diff + spec);
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        result = result_2;
    }
    return result_1;
}

@vertex
fn vs(@builtin(vertex_index) vi: u32) -> VsOutput {
    let uv = vec2f(f32((vi << 1u) & 2u), f32(vi & 2u));
    return VsOutput(vec4f(uv * 2.0f - vec2f(1.0f), 0.0f, 1.0f), uv);
}

@fragment
fn fs(@location(0) uv: vec2f) -> @location(0) vec4f {
    let att_dim = vec2i(textureDimensions(sampler_position));
    let texel = vec2i(uv * vec2f(att_dim));
    let debug = ubo.debug_display_target;
    if debug > 0i {
        var rgb: vec3f = vec3f(0.0f);
        if debug == 1i {
            let texel_1 = textureLoad(sampler_position, texel, 0i);
            rgb = texel_1.xyz;
        } else if debug == 2i {
            let texel_2 = textureLoad(sampler_normal, texel, 0i);
            rgb = texel_2.xyz;
        } else if debug == 3i {
            let texel_3 = textureLoad(sampler_albedo, texel, 0i);
            rgb = texel_3.xyz;
        } else if debug == 4i {
            let texel_4 = textureLoad(sampler_albedo, texel, 0i);
            rgb = texel_4.www;
        }
        return vec4f(rgb, 1.0f);
    }
    let alb = resolve_albedo(texel);
    var t: i32;
    t = NUM_SAMPLES;
    let t_1 = t - 1i;
    var i: i32 = 0i;
    var v: u32 = bitcast<u32>(t_1) - 0u;
    var v_1: bool = 0i <= t_1;
    var v_2: u32 = 0u;
    var frag_color: vec3f = vec3f(0.0f);
    var frag_color_1: vec3f;
    loop {
        if !(v_2 < 64u) {
            frag_color_1 = frag_color;
            break;
        }
        if !v_1 {
            frag_color_1 = frag_color;
            break;
        }
        let texel_5 = textureLoad(sampler_position, texel, i);
        let pos = texel_5.xyz;
        let texel_6 = textureLoad(sampler_normal, texel, i);
        let normal = texel_6.xyz;
        let albedo = textureLoad(sampler_albedo, texel, i);
        let calculate_lighting_1 = calculate_lighting(pos, normal, albedo);
        let frag_color_2 = frag_color + calculate_lighting_1;
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        frag_color = frag_color_2;
    }
    var t_2: i32;
    t_2 = NUM_SAMPLES;
    let frag_color_3 = alb.xyz * 0.15f + frag_color_1 / vec3f(f32(t_2));
    return vec4f(frag_color_3, 1.0f);
}
