@group(0) @binding(1) var tex: texture_2d<f32>;
@group(0) @binding(2) var samp: sampler;

@fragment
fn shade(@location(0) uv: vec2f) -> @location(0) vec4f {
    let texel = textureSample(tex, samp, uv);
    return texel;
}
