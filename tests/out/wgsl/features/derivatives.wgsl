@group(0) @binding(0) var pattern_tex: texture_2d<f32>;
@group(0) @binding(1) var pattern_samp: sampler;

@fragment
fn stripes(@location(0) uv: vec2f, @location(1) @interpolate(flat) band: i32) -> @location(0) vec4f {
    let scaled = uv * 16.0f;
    let t = fwidth(scaled.x);
    let t_1 = fwidthFine(scaled.y);
    let t_2 = fwidthCoarse(scaled.x);
    let width = t + t_1 * 0.5f + t_2 * 0.25f;
    let edge = smoothstep(0.5f - width, 0.5f + width, fract(scaled.x));
    let t_3 = dpdx(uv);
    let t_4 = dpdy(uv);
    let t_5 = dpdxFine(uv);
    let t_6 = dpdyFine(uv);
    let t_7 = dpdxCoarse(uv);
    let t_8 = dpdyCoarse(uv);
    let slope = vec4f(t_3, t_4) + vec4f(t_5, t_6) - vec4f(t_7, t_8);
    let t_9 = dpdxFine(uv);
    let t_10 = dpdyCoarse(uv);
    let texel = textureSampleGrad(pattern_tex, pattern_samp, uv, t_9, t_10);
    return texel * edge + slope * f32(band);
}
