struct Ubo {
    height_scale: f32,
    parallax_bias: f32,
    num_layers: f32,
    mapping_mode: i32,
}

struct Steep {
    uv: vec2f,
    delta_uv: vec2f,
    layer_depth: f32,
    curr_layer_depth: f32,
    height: f32,
}

@group(0) @binding(1) var sampler_color_map_tex: texture_2d<f32>;
@group(0) @binding(2) var sampler_color_map_samp: sampler;
@group(0) @binding(3) var sampler_normal_height_map_tex: texture_2d<f32>;
@group(0) @binding(4) var sampler_normal_height_map_samp: sampler;
@group(0) @binding(5) var<uniform> ubo: Ubo;

fn height_at(uv: vec2f) -> f32 {
    let texel = textureSampleLevel(sampler_normal_height_map_tex, sampler_normal_height_map_samp, uv, 0.0f);
    return 1.0f - texel.w;
}

fn parallax_mapping(uv: vec2f, view_dir: vec3f) -> vec2f {
    let height = height_at(uv);
    let p = view_dir.xy * (height * (ubo.height_scale * 0.5f) + ubo.parallax_bias) / vec2f(view_dir.z);
    return uv - p;
}

fn steep_search(uv: vec2f, view_dir: vec3f) -> Steep {
    let height_at_1 = height_at(uv);
    let s = Steep(uv, view_dir.xy * ubo.height_scale / vec2f(view_dir.z * ubo.num_layers), 1.0f / ubo.num_layers, 0.0f, height_at_1);
    var v: u32 = 0u;
    var s_1: Steep = s;
    var i: i32 = 0i;
    var s_2: Steep;
    loop {
        if !(v < 256u) {
            s_2 = s_1;
            break;
        }
        if !(f32(i) < ubo.num_layers) {
            s_2 = s_1;
            break;
        }
        var s_3: Steep = s_1;
        s_3.curr_layer_depth = s_1.curr_layer_depth + s_1.layer_depth;
        var s_4: Steep = s_3;
        s_4.uv = s_3.uv - s_3.delta_uv;
        let height_at_2 = height_at(s_4.uv);
        var s_5: Steep = s_4;
        s_5.height = height_at_2;
        if s_5.height < s_5.curr_layer_depth {
            s_2 = s_5;
            break;
        }
        let i_1 = i + 1i;
        v = v + 1u;
        s_1 = s_5;
        i = i_1;
    }
    return s_2;
}

fn steep_parallax_mapping(uv: vec2f, view_dir: vec3f) -> vec2f {
    let steep_search_1 = steep_search(uv, view_dir);
    return steep_search_1.uv;
}

fn parallax_occlusion_mapping(uv: vec2f, view_dir: vec3f) -> vec2f {
    let s = steep_search(uv, view_dir);
    let prev_uv = s.uv + s.delta_uv;
    let next_depth = s.height - s.curr_layer_depth;
    let height_at_1 = height_at(prev_uv);
    let prev_depth = height_at_1 - s.curr_layer_depth + s.layer_depth;
    return mix(s.uv, prev_uv, vec2f(next_depth / (next_depth - prev_depth)));
}

@fragment
fn fs(@location(0) uv: vec2f, @location(1) tangent_light_pos: vec3f, @location(2) tangent_view_pos: vec3f, @location(3) tangent_frag_pos: vec3f) -> @location(0) vec4f {
    let v = normalize(tangent_view_pos - tangent_frag_pos);
    if ubo.mapping_mode == 0i {
        let texel = textureSampleLevel(sampler_color_map_tex, sampler_color_map_samp, uv, 0.0f);
        return texel;
    }
    var mapped_uv: vec2f = uv;
    if ubo.mapping_mode == 2i {
        let mapped_uv_1 = parallax_mapping(uv, v);
        mapped_uv = mapped_uv_1;
    } else if ubo.mapping_mode == 3i {
        let mapped_uv_2 = steep_parallax_mapping(uv, v);
        mapped_uv = mapped_uv_2;
    } else if ubo.mapping_mode == 4i {
        let mapped_uv_3 = parallax_occlusion_mapping(uv, v);
        mapped_uv = mapped_uv_3;
    }
    let texel_1 = textureSampleLevel(sampler_normal_height_map_tex, sampler_normal_height_map_samp, mapped_uv, 0.0f);
    let normal_height = texel_1.xyz;
    let texel_2 = textureSampleLevel(sampler_color_map_tex, sampler_color_map_samp, mapped_uv, 0.0f);
    let color = texel_2.xyz;
    if mapped_uv.x < 0.0f || mapped_uv.x > 1.0f || mapped_uv.y < 0.0f || mapped_uv.y > 1.0f {
        discard;
    }
    let n = normalize(normal_height * 2.0f - vec3f(1.0f));
    let l = normalize(tangent_light_pos - tangent_frag_pos);
    let h = normalize(l + v);
    let ambient = color * 0.2f;
    let diffuse = color * max(dot(l, n), 0.0f);
    let specular = vec3f(0.15f) * pow(max(dot(n, h), 0.0f), 32.0f);
    return vec4f(ambient + diffuse + specular, 1.0f);
}
