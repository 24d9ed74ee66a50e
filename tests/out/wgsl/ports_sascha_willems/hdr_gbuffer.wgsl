diagnostic(off, derivative_uniformity);

struct Ubo {
    projection: mat4x4f,
    modelview: mat4x4f,
    inverse_modelview: mat4x4f,
    exposure: f32,
}

struct Varyings {
    clip: vec4f,
    uvw: vec3f,
    pos: vec3f,
    normal: vec3f,
    view_vec: vec3f,
    light_vec: vec3f,
}

struct VsOutput {
    @builtin(position) clip: vec4f,
    @location(0) uvw: vec3f,
    @location(1) pos: vec3f,
    @location(2) normal: vec3f,
    @location(3) view_vec: vec3f,
    @location(4) light_vec: vec3f,
}

struct FsOutput {
    @location(0) color0: vec4f,
    @location(1) color1: vec4f,
}

@id(0) override TYPE: i32 = 0i;

@group(0) @binding(0) var<uniform> ubo: Ubo;
@group(0) @binding(1) var sampler_env_map_tex: texture_cube<f32>;
@group(0) @binding(2) var sampler_env_map_samp: sampler;

@vertex
fn vs(@location(0) pos: vec3f, @location(1) normal: vec3f) -> VsOutput {
    let t = ubo.modelview * vec4f(pos, 1.0f);
    let modelview = ubo.modelview;
    let t_1 = modelview[0];
    let t_2 = modelview[1];
    let t_3 = modelview[2];
    let out = Varyings(vec4f(0.0f), pos, t.xyz, mat3x3f(t_1.xyz, t_2.xyz, t_3.xyz) * normal, vec3f(0.0f), vec3f(0.0f));
    var out_1: Varyings;
    if TYPE == 0i {
        let modelview_1 = ubo.modelview;
        let t_4 = modelview_1[0];
        let t_5 = modelview_1[1];
        let t_6 = modelview_1[2];
        var out_2: Varyings = out;
        out_2.clip = ubo.projection * vec4f(mat3x3f(t_4.xyz, t_5.xyz, t_6.xyz) * pos, 1.0f);
        out_1 = out_2;
    } else {
        var out_3: Varyings = out;
        out_3.clip = ubo.projection * ubo.modelview * vec4f(pos, 1.0f);
        var out_4: Varyings = out_3;
        out_4.light_vec = vec3f(0.0f, -5.0f, 5.0f) - out_3.pos;
        var out_5: Varyings = out_4;
        out_5.view_vec = -out_4.pos;
        out_1 = out_5;
    }
    return VsOutput(out_1.clip, out_1.uvw, out_1.pos, out_1.normal, out_1.view_vec, out_1.light_vec);
}

@fragment
fn fs(@location(0) uvw: vec3f, @location(1) pos: vec3f, @location(2) normal: vec3f, @location(3) view_vec: vec3f, @location(4) light_vec: vec3f) -> FsOutput {
    var color: vec4f = vec4f(0.0f);
    if TYPE == 0i {
        let color_1 = textureSample(sampler_env_map_tex, sampler_env_map_samp, normalize(uvw));
        color = color_1;
    } else if TYPE == 1i {
        let inverse_modelview = ubo.inverse_modelview;
        let t = inverse_modelview[0];
        let t_1 = inverse_modelview[1];
        let t_2 = inverse_modelview[2];
        let w_view_vec = mat3x3f(t.xyz, t_1.xyz, t_2.xyz) * normalize(view_vec);
        let normal_1 = normalize(normal);
        let inverse_modelview_1 = ubo.inverse_modelview;
        let t_3 = inverse_modelview_1[0];
        let t_4 = inverse_modelview_1[1];
        let t_5 = inverse_modelview_1[2];
        let w_normal = mat3x3f(t_3.xyz, t_4.xyz, t_5.xyz) * normal_1;
        let n_dot_l = max(dot(normal_1, light_vec), 0.0f);
        let eye_dir = normalize(view_vec);
        let half_vec = normalize(light_vec + eye_dir);
        let n_dot_h = max(dot(normal_1, half_vec), 0.0f);
        let n_dot_v = max(dot(normal_1, eye_dir), 0.0f);
        let v_dot_h = max(dot(eye_dir, half_vec), 0.0f);
        let nh2 = 2.0f * n_dot_h;
        let g1 = nh2 * n_dot_v / v_dot_h;
        let g2 = nh2 * n_dot_l / v_dot_h;
        let geo_att = min(1.0f, min(g1, g2));
        let fresnel = pow(1.0f - v_dot_h, 5.0f) * 0.4f + 0.6f;
        let spec = fresnel * geo_att / (n_dot_v * n_dot_l * 3.14f);
        let color_2 = textureSample(sampler_env_map_tex, sampler_env_map_samp, reflect(-w_view_vec, w_normal));
        color = vec4f(color_2.xyz * n_dot_l * (0.2f + spec * 0.8f), 1.0f);
    } else if TYPE == 2i {
        let inverse_modelview_2 = ubo.inverse_modelview;
        let t_6 = inverse_modelview_2[0];
        let t_7 = inverse_modelview_2[1];
        let t_8 = inverse_modelview_2[2];
        let w_view_vec_1 = mat3x3f(t_6.xyz, t_7.xyz, t_8.xyz) * normalize(view_vec);
        let inverse_modelview_3 = ubo.inverse_modelview;
        let t_9 = inverse_modelview_3[0];
        let t_10 = inverse_modelview_3[1];
        let t_11 = inverse_modelview_3[2];
        let w_normal_1 = mat3x3f(t_9.xyz, t_10.xyz, t_11.xyz) * normal;
        let color_3 = textureSample(sampler_env_map_tex, sampler_env_map_samp, refract(-w_view_vec_1, w_normal_1, 0.625f));
        color = color_3;
    }
    let exposed = vec3f(1.0f) - exp(-color.xyz * ubo.exposure);
    let l = dot(exposed, vec3f(0.2126f, 0.7152f, 0.0722f));
    return FsOutput(vec4f(exposed, 1.0f), vec4f(select(vec3f(0.0f), exposed, l > 0.75f), 1.0f));
}
