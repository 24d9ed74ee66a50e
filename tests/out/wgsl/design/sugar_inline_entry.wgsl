@group(0) @binding(0) var material_tex_tex: texture_2d<f32>;
@group(0) @binding(1) var material_tex_samp: sampler;

@fragment
fn shade(@location(0) uv: vec2f, @location(1) normal: vec3f) -> @location(0) vec4f {
    let albedo = textureSample(material_tex_tex, material_tex_samp, uv);
    return vec4f(albedo.xyz, 1.0f);
}
