diagnostic(off, derivative_uniformity);

struct Ubo {
    projection: mat4x4f,
    model: mat4x4f,
    light_pos: vec4f,
}

struct Varyings {
    clip: vec4f,
    normal: vec3f,
    color: vec3f,
    uv: vec2f,
    view_vec: vec3f,
    light_vec: vec3f,
}

struct VsOutput {
    @builtin(position) clip: vec4f,
    @location(0) normal: vec3f,
    @location(1) color: vec3f,
    @location(2) uv: vec2f,
    @location(3) view_vec: vec3f,
    @location(4) light_vec: vec3f,
}

@id(0) override LIGHTING_MODEL: i32 = 0i;
@id(1) override PARAM_TOON_DESATURATION: f32 = 0.0f;

@group(0) @binding(0) var<uniform> ubo: Ubo;
@group(0) @binding(1) var sampler_colormap_tex: texture_2d<f32>;
@group(0) @binding(2) var sampler_colormap_samp: sampler;

fn phong(f: Varyings) -> vec4f {
    let ambient = f.color * vec3f(0.25f);
    let n = normalize(f.normal);
    let l = normalize(f.light_vec);
    let v = normalize(f.view_vec);
    let r = reflect(-l, n);
    let diffuse = f.color * max(dot(n, l), 0.0f);
    let specular = vec3f(0.75f) * pow(max(dot(r, v), 0.0f), 32.0f);
    return vec4f(ambient + diffuse * 1.75f + specular, 1.0f);
}

fn toon(f: Varyings) -> vec4f {
    let n = normalize(f.normal);
    let l = normalize(f.light_vec);
    let intensity = dot(n, l);
    let shade = select(select(select(select(0.2f, 0.4f, intensity > 0.25f), 0.6f, intensity > 0.5f), 1.0f, intensity > 0.9f), 1.5f, intensity > 0.98f);
    let color = f.color * shade;
    let color_1 = mix(color, vec3f(dot(vec3f(0.2126f, 0.7152f, 0.0722f), color)), vec3f(PARAM_TOON_DESATURATION));
    return vec4f(color_1, 1.0f);
}

fn textured(f: Varyings, texel: vec4f) -> vec4f {
    let color = texel.xxxw;
    let ambient = color.xyz * vec3f(0.25f) * f.color;
    let n = normalize(f.normal);
    let l = normalize(f.light_vec);
    let v = normalize(f.view_vec);
    let r = reflect(-l, n);
    let diffuse = color.xyz * max(dot(n, l), 0.0f);
    let specular = pow(max(dot(r, v), 0.0f), 32.0f) * color.w;
    return vec4f(ambient + diffuse + vec3f(specular), 1.0f);
}

@vertex
fn vs(@location(0) pos: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f, @location(3) color: vec3f) -> VsOutput {
    let world = ubo.model * vec4f(pos, 1.0f);
    let model = ubo.model;
    let t = model[0];
    let t_1 = model[1];
    let t_2 = model[2];
    let light_pos = ubo.light_pos;
    let l_pos = mat3x3f(t.xyz, t_1.xyz, t_2.xyz) * light_pos.xyz;
    let model_1 = ubo.model;
    let t_3 = model_1[0];
    let t_4 = model_1[1];
    let t_5 = model_1[2];
    return VsOutput(ubo.projection * world, mat3x3f(t_3.xyz, t_4.xyz, t_5.xyz) * normal, color, uv, -world.xyz, l_pos - world.xyz);
}

@fragment
fn fs(@location(0) normal: vec3f, @location(1) color: vec3f, @location(2) uv: vec2f, @location(3) view_vec: vec3f, @location(4) light_vec: vec3f) -> @location(0) vec4f {
    let f = Varyings(vec4f(), normal, color, uv, view_vec, light_vec);
    let texel = textureSample(sampler_colormap_tex, sampler_colormap_samp, uv);
    if LIGHTING_MODEL == 0i {
        let phong_1 = phong(f);
        return phong_1;
    } else if LIGHTING_MODEL == 1i {
        let toon_1 = toon(f);
        return toon_1;
    }
    let textured_1 = textured(f, texel);
    return textured_1;
}
