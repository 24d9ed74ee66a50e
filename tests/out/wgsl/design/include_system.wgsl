struct LightingUniforms {
    light_dir: vec4f,
    light_color: vec4f,
    camera_pos: vec4f,
}

struct FragmentInput {
    world_pos: vec3f,
    normal: vec3f,
    uv: vec2f,
}

@group(0) @binding(0) var<uniform> lighting: LightingUniforms;
@group(0) @binding(1) var albedo_tex_tex: texture_2d<f32>;
@group(0) @binding(2) var albedo_tex_samp: sampler;

fn saturate3(v: vec3f) -> vec3f {
    return clamp(v, vec3f(0.0f), vec3f(1.0f));
}

fn compute_pbr_lighting(input: FragmentInput) -> vec4f {
    let albedo = textureSample(albedo_tex_tex, albedo_tex_samp, input.uv);
    let n = normalize(input.normal);
    let light_dir = lighting.light_dir;
    let l = normalize(-light_dir.xyz);
    let camera_pos = lighting.camera_pos;
    let v = normalize(camera_pos.xyz - input.world_pos);
    let h = normalize(l + v);
    let diffuse = max(dot(n, l), 0.0f) * 0.31830987f;
    let specular = pow(max(dot(n, h), 0.0f), 32.0f);
    let light_color = lighting.light_color;
    let color = albedo.xyz * light_color.xyz * (diffuse + specular);
    let saturate3_1 = saturate3(color);
    return vec4f(saturate3_1, albedo.w);
}

@fragment
fn shade(@location(0) world_pos: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f) -> @location(0) vec4f {
    let input = FragmentInput(world_pos, normal, uv);
    let result = compute_pbr_lighting(input);
    return result;
}
