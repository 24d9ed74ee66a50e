struct TexturesOutput {
    @location(0) color: vec4f,
    @location(1) texel: vec4u,
    @location(2) size: vec2i,
}

@group(0) @binding(0) var tex2d: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var cmp: sampler_comparison;
@group(0) @binding(3) var depth2d: texture_depth_2d;
@group(0) @binding(4) var depth_cube: texture_depth_cube;
@group(0) @binding(5) var depth_array: texture_depth_2d_array;
@group(0) @binding(6) var tex_array: texture_2d_array<f32>;
@group(0) @binding(7) var tex_ms: texture_multisampled_2d<f32>;
@group(0) @binding(8) var utex: texture_2d<u32>;
@group(1) @binding(0) var c2d_tex: texture_2d<f32>;
@group(1) @binding(1) var c2d_samp: sampler;
@group(1) @binding(2) var cshadow_tex: texture_depth_2d;
@group(1) @binding(3) var cshadow_samp: sampler_comparison;
@group(0) @binding(9) var tex3d: texture_3d<f32>;
@group(0) @binding(10) var tex_cube: texture_cube<f32>;
@group(1) @binding(4) var carray_tex: texture_2d_array<f32>;
@group(1) @binding(5) var carray_samp: sampler;

@fragment
fn textures(@location(0) uv: vec2f, @location(1) dir: vec3f, @location(2) @interpolate(flat) layer: i32) -> TexturesOutput {
    let s0 = textureSample(tex2d, samp, uv);
    let s1 = textureSampleBias(tex2d, samp, uv, 0.5f, vec2i(1i));
    let s2 = textureSampleLevel(tex_array, samp, uv, layer, 2.0f);
    let s3 = textureSampleGrad(tex_cube, samp, dir, vec3f(0.0f), vec3f(0.0f));
    let s4 = textureSampleLevel(tex3d, samp, dir, 0.0f);
    let d0 = textureSample(depth2d, samp, uv);
    let d1 = textureSampleCompare(depth2d, cmp, uv, 0.5f);
    let d2 = textureSampleCompareLevel(depth_cube, cmp, dir, 0.5f);
    let d3 = textureSampleCompare(depth_array, cmp, uv, layer, 0.5f);
    let d4 = textureSampleCompareLevel(depth_array, cmp, uv, layer, 0.5f);
    let c0 = textureSample(c2d_tex, c2d_samp, uv);
    let c1 = textureSampleCompareLevel(cshadow_tex, cshadow_samp, uv, 0.5f);
    let c2 = textureSampleLevel(carray_tex, carray_samp, uv, layer, 0.5f);
    let t = vec2i(uv);
    let f0 = textureLoad(tex2d, t, 0i);
    let f1 = textureLoad(tex_ms, t, 1i);
    let f2 = textureLoad(depth2d, t, 0i);
    let f3 = textureLoad(c2d_tex, t, 1i);
    let u0 = textureLoad(utex, t, 0i);
    let z0 = vec2i(textureDimensions(tex2d, clamp(1i, 0i, i32(textureNumLevels(tex2d)) - 1i)));
    let z1 = vec2i(textureDimensions(tex_ms));
    let z2 = vec2i(textureDimensions(tex_array));
    let n0 = i32(textureNumLevels(c2d_tex));
    let n1 = i32(textureNumLayers(tex_array));
    let n2 = i32(textureNumSamples(tex_ms));
    return TexturesOutput((s0 + s1 + s2 + s3 + s4 + c0 + c2 + f0 + f1 + f3) * (d0 + d1 + d2 + d3 + d4 + c1 + f2), u0, z0 + z1 + z2 + vec2i(n0 + n1 + n2));
}
